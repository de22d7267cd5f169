import { Alert, Anchor, Badge, Paper, Stack, Text, Title } from '@mantine/core';
import type { RopeDeviceState } from '@rope/domain/sensors/device-state-views';
import { sensorReporting, summariseSensors } from '@rope/domain/sensors/silence';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { TruscanStatusBadge, WHOLE_BADGE } from '../../../components/status-badge';
import { usePageParam } from '../../../components/use-page-param';
import { useFormat } from '../../../lib/format';
import { ropePath } from '../../../lib/hierarchy-paths';
import { useRopeDeviceStates } from '../api';
import { sortByAttention } from '../device-attention';
import { Placement } from './placement';

const PAGE_SIZE = 10;

/** Per rope with a device: TRUscan, sensors reporting or silent, smartrope events nobody acknowledged. */
export function DeviceStates() {
  const { t } = useTranslation();
  const states = useRopeDeviceStates();
  const [page, setPage] = usePageParam('devicesPage');
  // The answer's time, so "silent" moves on with each refresh rather than with every render.
  const now = states.dataUpdatedAt || Date.now();
  const sorted = useMemo(() => sortByAttention(states.data ?? [], now), [states.data, now]);
  const columns = useMemo(() => deviceColumns(t, now), [t, now]);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="dashboard-devices-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="dashboard-devices-title">
          {t('dashboard.devices.title')}
        </Title>
        {states.isError ? <Alert color="red">{t('dashboard.devices.loadError')}</Alert> : null}
        <DataTable
          label={t('dashboard.devices.title')}
          data={sorted}
          columns={columns}
          getRowId={(state) => String(state.rope.id)}
          emptyText={t('dashboard.devices.empty')}
          loading={states.isPending}
          minWidth={820}
          paging={{ page, pageSize: PAGE_SIZE, onPageChange: setPage }}
        />
      </Stack>
    </Paper>
  );
}

function deviceColumns(t: TFunction, now: number): ColumnDef<RopeDeviceState, unknown>[] {
  return [
    {
      id: 'rope',
      header: t('common.fields.rope'),
      cell: ({ row }) => {
        const { rope, installation, area } = row.original;
        return (
          <Stack gap={2}>
            <Anchor component={Link} to={ropePath(area.id, installation.id, rope.id)} fw={500}>
              {rope.name}
            </Anchor>
            <Placement area={area} installation={installation} />
          </Stack>
        );
      },
    },
    { id: 'truscan', header: t('ropes.device.status'), cell: ({ row }) => <TruscanCell {...row.original} /> },
    {
      id: 'sensors',
      header: t('sensors.sensors'),
      cell: ({ row }) => <SensorsCell sensors={row.original.sensors} now={now} />,
    },
    {
      id: 'smartrope',
      header: t('dashboard.devices.smartropeEvents'),
      cell: ({ row }) => <SmartropeCell {...row.original} />,
    },
  ];
}

function TruscanCell({ truscan }: Pick<RopeDeviceState, 'truscan'>) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!truscan) return <Text size="sm">–</Text>;
  return (
    <Stack gap={2} align="flex-start" data-testid="device-truscan">
      {truscan.status ? (
        <TruscanStatusBadge status={truscan.status} size="sm">
          {t(`ropes.device.statuses.${truscan.status}`)}
        </TruscanStatusBadge>
      ) : (
        <Text size="sm">{t('dashboard.devices.statusUnknown')}</Text>
      )}
      {truscan.lastMeasurement === undefined ? null : (
        <Text size="sm">{t('dashboard.devices.last', { at: fmt.dateTime(truscan.lastMeasurement * 1000) })}</Text>
      )}
      {truscan.nextMeasurement === undefined ? null : (
        <Text size="sm">{t('dashboard.devices.next', { at: fmt.dateTime(truscan.nextMeasurement * 1000) })}</Text>
      )}
      {truscan.bendingCycles === undefined ? null : (
        <Text size="sm">{t('dashboard.devices.bendingCycles', { value: fmt.integer(truscan.bendingCycles) })}</Text>
      )}
    </Stack>
  );
}

function SensorsCell({ sensors, now }: { sensors: RopeDeviceState['sensors']; now: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (sensors.length === 0) return <Text size="sm">–</Text>;
  const summary = summariseSensors(sensors, now);
  const allReporting = summary.reporting === summary.total;
  return (
    <Stack gap={2} align="flex-start" data-testid="device-sensors">
      <Badge {...WHOLE_BADGE} variant="light" size="sm" color={allReporting ? 'green' : 'red'}>
        {t('dashboard.devices.reporting', { reporting: summary.reporting, total: summary.total })}
      </Badge>
      {sensors.map((sensor) => {
        const state = sensorReporting(sensor.lastMeasurementAt, now);
        if (state === 'reporting') return null;
        return (
          <Text key={sensor.id} size="sm" c="red.9" data-sensor-state={state}>
            {state === 'never'
              ? t('dashboard.devices.noDataYet', { name: sensor.name })
              : t('dashboard.devices.noDataSince', { name: sensor.name, at: fmt.dateTime(sensor.lastMeasurementAt!) })}
          </Text>
        );
      })}
    </Stack>
  );
}

function SmartropeCell({ smartropeCount, unacknowledgedSmartropeEvents }: RopeDeviceState) {
  const { t } = useTranslation();
  if (smartropeCount === 0) return <Text size="sm">–</Text>;
  return (
    <Badge
      {...WHOLE_BADGE}
      variant="light"
      size="sm"
      color={unacknowledgedSmartropeEvents > 0 ? 'orange' : 'green'}
      data-testid="device-smartrope"
    >
      {t('dashboard.devices.openEvents', { open: unacknowledgedSmartropeEvents })}
    </Badge>
  );
}
