import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../components/notice';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import type { AddDialogProps } from '../../sensors';
import { AdminAddDialog, AdminAddForm } from '../../sensors';
import { SMARTROPES } from '../admin-kind';
import { useSaveSmartrope } from '../api';
import { initialSmartropeValues, smartropeCreateFormSpec } from '../smartrope-form';
import { SmartropeFields } from './smartrope-fields';

/** Registers a smartrope by its fabrication number, with its rope and sensors. */
export function SmartropeDialog({ opened, onClose, onCreated }: AddDialogProps) {
  return (
    <AdminAddDialog kind={SMARTROPES} opened={opened} onClose={onClose}>
      <NewSmartropeForm onClose={onClose} onCreated={onCreated} />
    </AdminAddDialog>
  );
}

function NewSmartropeForm({ onClose, onCreated }: Omit<AddDialogProps, 'opened'>) {
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
    <AdminAddForm kind={SMARTROPES} onSubmit={submit} onCancel={onClose} adding={save.isPending} failure={failure}>
      <SmartropeFields form={form} autoFocus />
    </AdminAddForm>
  );
}
