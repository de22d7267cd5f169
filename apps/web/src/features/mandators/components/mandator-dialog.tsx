import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import { PASSWORD_EXPIRY_DAYS_MAX, PASSWORD_EXPIRY_DAYS_MIN } from '@rope/domain/mandators/schemas';
import type { MandatorView } from '@rope/domain/mandators/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorFooter } from '../../../components/editor-footer';
import { LimitedTextInput } from '../../../components/limited-input';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { useSaveMandator } from '../api';
import { initialMandatorValues, mandatorFormSpec } from '../mandator-form';

export type MandatorDialogTarget = { mode: 'new' } | { mode: 'edit'; mandator: MandatorView };

export function MandatorDialog({ target, onClose }: { target: MandatorDialogTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mandator = target?.mode === 'edit' ? target.mandator : undefined;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={mandator ? t('mandators.form.titleEdit') : t('mandators.add')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {target ? <MandatorForm key={mandator?.id ?? 'new'} mandator={mandator} onDone={onClose} /> : null}
    </Modal>
  );
}

function MandatorForm({ mandator, onDone }: { mandator: MandatorView | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveMandator();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: initialMandatorValues(mandator),
    ...mandatorFormSpec,
  });

  const submit = onSubmit((body) => {
    setFailure(null);
    save.mutate(
      { id: mandator?.id, mandator: body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('mandators.form.saved') });
          onDone();
        },
        onError: (error) => {
          if (!showServerErrors(error)) setFailure(failureText(t, error, t('common.tryLater')));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <LimitedTextInput
          label={t('common.fields.name')}
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
            min={PASSWORD_EXPIRY_DAYS_MIN}
            max={PASSWORD_EXPIRY_DAYS_MAX}
            step={1}
            withAsterisk
            {...form.getInputProps('expiryDays')}
          />
        ) : null}
        <EditorFooter
          failure={failure}
          failureTitle={t('mandators.form.saveError')}
          saving={save.isPending}
          onDone={onDone}
        />
      </Stack>
    </form>
  );
}
