import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { SENSOR_DEVICES_PAGE_SIZE } from '@rope/domain/sensors/limits';
import type { SensorDeviceView } from '@rope/domain/sensors/views';
import { lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { OpenedOnce } from '../../../components/opened-once';
import { useFormat } from '../../../lib/format';
import { useSensorDevices } from '../api';
import { AdminOnly } from '../components/admin-only';
import { ListSearch } from '../components/list-search';
import { MountedRopeLink } from '../components/mounted-rope-link';
import { lastReading } from '../sensor-device-display';
import { useAdminList } from '../use-admin-list';

const SensorDeviceDialog = lazy(() =>
  import('../components/sensor-device-dialog').then((module) => ({ default: module.SensorDeviceDialog })),
);

/** /sensor-devices: admins find, add and open the sensor devices. */
export function SensorDevicesPage() {
  const { t } = useTranslation();
  return (
    <AdminOnly permission="SENSOR_MANAGE" title={t('sensors.devices.title')}>
      <SensorDevicesList />
    </AdminOnly>
  );
}

function SensorDevicesList() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const list = useAdminList(SENSOR_DEVICES_PAGE_SIZE);
  const devices = useSensorDevices(list.query, true);
  const [adding, setAdding] = useState(false);
  const total = devices.data?.total;
  const { keepPageWithin } = list;
  useEffect(() => keepPageWithin(total), [total, keepPageWithin]);

  const columns = useMemo<ColumnDef<SensorDeviceView, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('common.fields.name'),
        cell: ({ row }) => (
          <Anchor component={Link} to={`/sensor-devices/${row.original.id}`} size="sm" fw={500}>
            {row.original.name}
          </Anchor>
        ),
      },
      { id: 'rope', header: t('common.fields.rope'), cell: ({ row }) => <MountedRopeLink rope={row.original.rope} /> },
      {
        id: 'sensors',
        header: t('sensors.devices.sensorCount'),
        cell: ({ row }) => fmt.integer(row.original.sensors.filter((sensor) => !sensor.isDeleted).length),
      },
      {
        id: 'lastReading',
        header: t('sensors.devices.lastReading'),
        cell: ({ row }) => {
          const at = lastReading(row.original);
          return at ? fmt.dateTime(at) : t('common.noValue');
        },
      },
      {
        id: 'firmware',
        header: t('sensors.devices.firmware'),
        cell: ({ row }) => row.original.attributes.firmware || t('common.noValue'),
      },
    ],
    [t, fmt],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('sensors.devices.title')}</Title>
        <Button onClick={() => setAdding(true)}>{t('sensors.devices.add')}</Button>
      </Group>
      <ListSearch value={list.searchText} onChange={list.setSearchText} label={t('sensors.devices.search')} />
      {devices.isError ? <Alert color="red">{t('sensors.devices.loadError')}</Alert> : null}
      <DataTable
        label={t('sensors.devices.title')}
        data={devices.data?.sensorDevices ?? []}
        columns={columns}
        getRowId={(device) => String(device.id)}
        emptyText={t('sensors.devices.empty')}
        loading={devices.isPending || devices.isPlaceholderData}
        paging={{
          page: list.query.page,
          pageSize: SENSOR_DEVICES_PAGE_SIZE,
          total: devices.data?.total ?? 0,
          onPageChange: list.setPage,
        }}
        minWidth={760}
      />
      <OpenedOnce open={adding}>
        <SensorDeviceDialog
          opened={adding}
          onClose={() => setAdding(false)}
          onCreated={(device) => navigate(`/sensor-devices/${device.id}`)}
        />
      </OpenedOnce>
    </Stack>
  );
}
