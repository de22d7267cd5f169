import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../components/notice';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { SENSOR_DEVICES } from '../admin-kind';
import { useCreateSensorDevice } from '../api';
import { initialDeviceValues, sensorDeviceCreateFormSpec } from '../sensor-device-form';
import { AdminAddDialog, AdminAddForm } from './admin-add-dialog';
import type { AddDialogProps } from './admin-list-screen';
import { DeviceFields } from './device-fields';

/** Registers a sensor device by name, rope and modem; its sensors are set up on its page. */
export function SensorDeviceDialog({ opened, onClose, onCreated }: AddDialogProps) {
  return (
    <AdminAddDialog kind={SENSOR_DEVICES} opened={opened} onClose={onClose}>
      <NewDeviceForm onClose={onClose} onCreated={onCreated} />
    </AdminAddDialog>
  );
}

function NewDeviceForm({ onClose, onCreated }: Omit<AddDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const create = useCreateSensorDevice();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: initialDeviceValues(),
    ...sensorDeviceCreateFormSpec,
  });
  const submit = onSubmit((body) => {
    setFailure(null);
    create.mutate(body, {
      onSuccess: (device) => {
        showNotice(t, 'green', t('sensors.registered', { name: device.name }));
        onClose();
        onCreated(device);
      },
      onError: (error) => {
        if (!showServerErrors(error)) setFailure(failureText(t, error, t('common.tryLater')));
      },
    });
  });
  return (
    <AdminAddForm
      kind={SENSOR_DEVICES}
      onSubmit={submit}
      onCancel={onClose}
      adding={create.isPending}
      failure={failure}
    >
      <DeviceFields form={form} autoFocus />
    </AdminAddForm>
  );
}
