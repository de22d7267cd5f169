import { Alert, Anchor, Card, Stack, Text, Title } from '@mantine/core';
import type { RopeView } from '@rope/domain/hierarchy/views';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryLoading } from '../../../components/query-loading';
import { useCan } from '../../../lib/session/session';
import { useRopeSensorDevices } from '../api';
import { chartedSensors } from '../sensor-chart-data';
import { SensorChartPanel } from './sensor-chart-panel';

const CHART_HEIGHT = 260;

/**
 * The rope page's sensor charts: one per sensor that is on and not archived; a rope without sensors says so, so
 * nobody looks for them.
 */
export function RopeSensorSections({ rope }: { rope: RopeView }) {
  const { t } = useTranslation();
  const isAdmin = useCan('SENSOR_MANAGE');
  const devices = useRopeSensorDevices(rope.id);
  const charted = chartedSensors(devices.data ?? []);
  return (
    <Stack gap="sm" data-testid="sensor-charts">
      <Title order={2} size="h3">
        {t('sensors.section.title')}
      </Title>
      {devices.isError ? <Alert color="red">{t('sensors.section.loadError')}</Alert> : null}
      {devices.isPending ? (
        <QueryLoading fetchStatus={devices.fetchStatus} label={t('sensors.section.loading')} height={80} />
      ) : null}
      {devices.data && devices.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sensors.section.none')}
        </Text>
      ) : null}
      {devices.data && devices.data.length > 0 && charted.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sensors.section.allOff')}
        </Text>
      ) : null}
      {charted.map(({ device, sensor }) => (
        <Card key={sensor.id} withBorder padding="md" radius="md">
          <Stack gap={4}>
            <SensorChartPanel sensor={sensor} fallbackStart={device.createdAt} height={CHART_HEIGHT} />
            <Text size="xs" c="dimmed">
              {isAdmin ? (
                <Anchor component={Link} to={`/sensor-devices/${device.id}`} size="xs">
                  {t('sensors.section.device', { name: device.name })}
                </Anchor>
              ) : (
                t('sensors.section.device', { name: device.name })
              )}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
