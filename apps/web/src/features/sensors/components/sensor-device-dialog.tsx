import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { SensorDeviceView } from '@rope/domain/sensors/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../components/notice';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { useCreateSensorDevice } from '../api';
import { initialDeviceValues, sensorDeviceCreateFormSpec } from '../sensor-device-form';
import { DeviceFields } from './device-fields';

interface SensorDeviceDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The new device, whose page is where its sensors are added. */
  onCreated: (device: SensorDeviceView) => void;
}

/** Registers a sensor device by name, rope and modem; its sensors are set up on its page. */
export function SensorDeviceDialog({ opened, onClose, onCreated }: SensorDeviceDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={t('sensors.devices.add')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {opened ? <NewDeviceForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function NewDeviceForm({ onClose, onCreated }: Omit<SensorDeviceDialogProps, 'opened'>) {
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
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <DeviceFields form={form} autoFocus />
        {failure ? (
          <Alert color="red" title={t('sensors.devices.saveError')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('common.actions.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
