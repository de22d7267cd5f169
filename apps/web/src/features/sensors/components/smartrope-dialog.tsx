import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { SmartropeView } from '@rope/domain/sensors/smartrope-views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../components/notice';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { initialSmartropeValues, smartropeCreateFormSpec } from '../smartrope-form';
import { useSaveSmartrope } from '../smartropes-api';
import { SmartropeFields } from './smartrope-fields';

interface SmartropeDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (smartrope: SmartropeView) => void;
}

/** Registers a smartrope by its fabrication number, with its rope and sensors. */
export function SmartropeDialog({ opened, onClose, onCreated }: SmartropeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={t('sensors.smartropes.add')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {opened ? <NewSmartropeForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function NewSmartropeForm({ onClose, onCreated }: Omit<SmartropeDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const save = useSaveSmartrope();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: initialSmartropeValues(),
    ...smartropeCreateFormSpec,
  });
  const submit = onSubmit((smartrope) => {
    setFailure(null);
    save.mutate(
      { id: undefined, smartrope },
      {
        onSuccess: (created) => {
          showNotice(t, 'green', t('sensors.registered', { name: created.name }));
          onClose();
          onCreated(created);
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
        <SmartropeFields form={form} autoFocus />
        {failure ? (
          <Alert color="red" title={t('sensors.smartropes.saveError')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.actions.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
