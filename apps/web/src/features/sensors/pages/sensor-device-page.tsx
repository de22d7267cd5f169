import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { parseId } from '@rope/domain/ids';
import type { SensorDeviceView } from '@rope/domain/sensors/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackIcon } from '../../../components/icons';
import { showNotice } from '../../../components/notice';
import { LoadFailedScreen } from '../../../components/screen-alert';
import { ApiError } from '../../../lib/api-client';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { useFormat } from '../../../lib/format';
import { useSensorDevice, useUpdateSensorDevice } from '../api';
import { AdminOnly } from '../components/admin-only';
import { BrokerAccessCard } from '../components/broker-access-card';
import { DeviceFields } from '../components/device-fields';
import { MountedRopeLink } from '../components/mounted-rope-link';
import { SensorEditor } from '../components/sensor-editor';
import { emptySensor, initialDeviceValues, sensorDevicePatchFormSpec } from '../sensor-device-form';

/** /sensor-devices/:id: a device, its sensors and their charts' settings, for admins. */
export function SensorDevicePage() {
  const { t } = useTranslation();
  return (
    <AdminOnly permission="SENSOR_MANAGE" title={t('sensors.devices.title')}>
      <SensorDeviceScreen />
    </AdminOnly>
  );
}

function SensorDeviceScreen() {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const device = useSensorDevice(id, true);
  if (id !== undefined && device.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!device.data) {
    return (
      <LoadFailedScreen
        error={device.error ?? new ApiError(404, 'NOT_FOUND', 'not found')}
        notFoundText={t('sensors.devices.notFound')}
        loadErrorText={t('sensors.devices.loadError')}
      />
    );
  }
  return (
    <Stack gap="lg">
      <SensorDeviceEditor key={device.data.id} device={device.data} />
      <BrokerAccessCard key={`broker-${device.data.id}`} kind="sensorDevice" id={device.data.id} />
    </Stack>
  );
}

function SensorDeviceEditor({ device }: { device: SensorDeviceView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
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
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group>
          <Button variant="subtle" leftSection={<BackIcon />} component={Link} to="/sensor-devices">
            {t('sensors.devices.back')}
          </Button>
        </Group>
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{device.name}</Title>
          <Button type="submit" loading={update.isPending}>
            {t('common.actions.save')}
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap">
          <MountedRopeLink rope={device.rope} />
          <Text size="sm" c="dimmed">
            {t('sensors.devices.registered', { at: fmt.date(device.createdAt) })}
          </Text>
        </Group>
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
        {failure ? (
          <Alert color="red" title={t('sensors.devices.saveError')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
            {t('sensors.devices.discard')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
