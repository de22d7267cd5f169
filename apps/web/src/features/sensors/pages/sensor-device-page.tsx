import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { SensorDeviceView } from '@rope/domain/sensors/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../components/notice';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { BrokerAccessCard } from '../../device-intake';
import { SENSOR_DEVICES } from '../admin-kind';
import { useSensorDevice, useUpdateSensorDevice } from '../api';
import { AdminEditorFrame } from '../components/admin-editor-frame';
import { AdminRecordScreen } from '../components/admin-record-screen';
import { DeviceFields } from '../components/device-fields';
import { SensorEditor } from '../components/sensor-editor';
import { emptySensor, initialDeviceValues, sensorDevicePatchFormSpec } from '../sensor-device-form';

/** /sensor-devices/:id: a device, its sensors and their charts' settings, for admins. */
export function SensorDevicePage() {
  return (
    <AdminRecordScreen kind={SENSOR_DEVICES} useRecord={useSensorDevice}>
      {(device) => (
        <Stack gap="lg">
          <SensorDeviceEditor key={device.id} device={device} />
          <BrokerAccessCard key={`broker-${device.id}`} kind="sensorDevice" id={device.id} />
        </Stack>
      )}
    </AdminRecordScreen>
  );
}

function SensorDeviceEditor({ device }: { device: SensorDeviceView }) {
  const { t } = useTranslation();
  const update = useUpdateSensorDevice(device.id);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: initialDeviceValues(device),
    ...sensorDevicePatchFormSpec,
  });
  const submit = onSubmit(
    (patch) => {
      setFailure(null);
      update.mutate(patch, {
        onSuccess: (saved) => {
          // Added sensors have their ids now: the form starts over from what was stored.
          const values = initialDeviceValues(saved);
          form.setInitialValues(values);
          form.setValues(values);
          showNotice(t, 'green', t('sensors.saved', { name: saved.name }));
        },
        onError: (error) => {
          if (!showServerErrors(error)) setFailure(failureText(t, error, t('common.tryLater')));
          else setFailure(t('sensors.devices.fixFields'));
        },
      });
    },
    () => setFailure(t('sensors.devices.fixFields')),
  );
  const stored = new Map(device.sensors.map((sensor) => [sensor.id, sensor]));

  return (
    <AdminEditorFrame
      kind={SENSOR_DEVICES}
      record={device}
      onSubmit={submit}
      saving={update.isPending}
      failure={failure}
      footer={
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
            {t('sensors.devices.discard')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.actions.save')}
          </Button>
        </Group>
      }
    >
      <Card withBorder padding="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('sensors.devices.deviceSection')}
          </Title>
          <DeviceFields form={form} current={device.rope} />
        </Stack>
      </Card>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {t('sensors.devices.sensors')}
        </Title>
        <Button variant="light" onClick={() => form.insertListItem('sensors', emptySensor())}>
          {t('sensors.devices.addSensor')}
        </Button>
      </Group>
      {form.values.sensors.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sensors.devices.noSensors')}
        </Text>
      ) : null}
      {form.values.sensors.map((row, index) => (
        <SensorEditor
          key={row.key}
          form={form}
          index={index}
          stored={row.id === undefined ? undefined : stored.get(row.id)}
          fallbackStart={device.createdAt}
        />
      ))}
    </AdminEditorFrame>
  );
}
