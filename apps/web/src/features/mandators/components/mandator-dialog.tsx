import { Alert, Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { MandatorView } from '@rope/domain/views/mandators';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { ApiError } from '../../../lib/api-client';
import { failureText, translateMessage } from '../../auth/messages';
import { mapErrors, serverFieldErrors } from '../../users/form-errors';
import { useSaveMandator } from '../api';
import {
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  initialMandatorValues,
  type MandatorFormValues,
  parseMandatorForm,
} from '../mandator-form';

export type MandatorDialogTarget = { mode: 'new' } | { mode: 'edit'; mandator: MandatorView };

const NAME_MAX_LENGTH = 255;

export function MandatorDialog({ target, onClose }: { target: MandatorDialogTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mandator = target?.mode === 'edit' ? target.mandator : undefined;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={mandator ? t('mandators.form.titleEdit') : t('mandators.form.titleNew')}
      closeButtonProps={{ 'aria-label': t('mandators.form.close') }}
    >
      {target ? <MandatorForm key={mandator?.id ?? 'new'} mandator={mandator} onDone={onClose} /> : null}
    </Modal>
  );
}

function MandatorForm({ mandator, onDone }: { mandator: MandatorView | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const translate = (text: string) => translateMessage(t, text);
  const save = useSaveMandator();
  const [failure, setFailure] = useState<string | null>(null);
  const wordError = (path: string, text: string) =>
    path === 'expiryDays'
      ? t('mandators.form.expiryDaysRange', { min: EXPIRY_DAYS_MIN, max: EXPIRY_DAYS_MAX })
      : translate(text);
  const form = useForm<MandatorFormValues>({
    mode: 'controlled',
    initialValues: initialMandatorValues(mandator),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(parseMandatorForm(values).errors).map(([path, text]) => [path, wordError(path, text)]),
      ),
  });

  const submit = form.onSubmit((values) => {
    const parsed = parseMandatorForm(values);
    if (!parsed.ok) return;
    setFailure(null);
    save.mutate(
      { id: mandator?.id, mandator: parsed.mandator },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('mandators.form.saved') });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
            form.setErrors(mapErrors(serverFieldErrors(error.fields, 'mandator'), translate));
          } else setFailure(failureText(t, error, t('mandators.form.tryLater')));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <LimitedTextInput
          label={t('mandators.form.name')}
          withAsterisk
          limit={NAME_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Switch
          label={t('mandators.form.expires')}
          description={t('mandators.form.expiresHint')}
          {...form.getInputProps('expires', { type: 'checkbox' })}
        />
        {form.values.expires ? (
          <TextInput
            // A plain input: Mantine's NumberInput brings a 60 kB formatting library for one whole number.
            type="number"
            inputMode="numeric"
            label={t('mandators.form.expiryDays')}
            min={EXPIRY_DAYS_MIN}
            max={EXPIRY_DAYS_MAX}
            step={1}
            withAsterisk
            {...form.getInputProps('expiryDays')}
          />
        ) : null}
        {failure ? (
          <Alert color="red" title={t('mandators.form.saveError')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('mandators.form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('mandators.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
