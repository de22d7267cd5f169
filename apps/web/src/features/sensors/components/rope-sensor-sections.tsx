import { Alert, Anchor, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { RopeView } from '@rope/domain/hierarchy/views';
import type { SmartropeEventView } from '@rope/domain/smartropes/views';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OpenedOnce } from '../../../components/opened-once';
import { useCan } from '../../../lib/session/session';
import { useRopeSensorDevices } from '../api';
import { chartedSensors } from '../sensor-chart-data';
import { useRopeCarriesSmartrope, useRopeSmartropeEvents } from '../smartropes-api';
import { SensorChartPanel } from './sensor-chart-panel';
import { SmartropeEventsTable } from './smartrope-events-table';

const SmartropeEventDialog = lazy(() =>
  import('./smartrope-event-dialog').then((module) => ({ default: module.SmartropeEventDialog })),
);

const CHART_HEIGHT = 260;

interface RopeSensorSectionsProps {
  rope: RopeView;
  /** Archived, a read-only session or no write permission: events are shown, not acknowledged. */
  readOnly: boolean;
}

/** The rope page's sensor charts and its smartropes' newest events. */
export function RopeSensorSections({ rope, readOnly }: RopeSensorSectionsProps) {
  return (
    <>
      <RopeSensorCharts rope={rope} />
      <RopeSmartropeEvents rope={rope} readOnly={readOnly} />
    </>
  );
}

/** One chart per sensor that is on and not archived; a rope without sensors says so, so nobody looks for them. */
function RopeSensorCharts({ rope }: { rope: RopeView }) {
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
        <Center py="xl">
          <Loader size="sm" aria-label={t('sensors.section.loading')} />
        </Center>
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

/**
 * The newest events of the rope's smartropes. Most ropes carry none, so the section shows only where there are
 * events, or where an admin (who alone may list smartropes) knows of a smartrope that has sent none yet.
 */
function RopeSmartropeEvents({ rope, readOnly }: RopeSensorSectionsProps) {
  const { t } = useTranslation();
  const isAdmin = useCan('SMARTROPE_MANAGE');
  const events = useRopeSmartropeEvents(rope.id);
  const noEvents = events.data?.length === 0;
  const carries = useRopeCarriesSmartrope(rope.id, isAdmin && noEvents);
  const [open, setOpen] = useState<SmartropeEventView | null>(null);
  if (events.isPending || (noEvents && !carries.data)) return null;
  const title = t('sensors.events.ropeTitle');
  return (
    <Stack gap="sm">
      <Title order={3}>{title}</Title>
      {events.isError ? <Alert color="red">{t('sensors.events.loadError')}</Alert> : null}
      <SmartropeEventsTable
        events={events.data ?? []}
        loading={events.isFetching && !events.data}
        withSmartrope
        onOpen={setOpen}
        label={title}
      />
      <OpenedOnce open={open !== null}>
        <SmartropeEventDialog event={open} readOnly={readOnly || rope.isDeleted} onClose={() => setOpen(null)} />
      </OpenedOnce>
    </Stack>
  );
}
