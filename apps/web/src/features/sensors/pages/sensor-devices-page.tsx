import type { SensorDeviceView } from '@rope/domain/sensors/views';
import type { TFunction } from 'i18next';
import { lazy } from 'react';
import type { ColumnDef } from '../../../components/data-table';
import type { Formatters } from '../../../lib/format';
import { SENSOR_DEVICES } from '../admin-kind';
import { useSensorDevices } from '../api';
import { AdminListScreen } from '../components/admin-list-screen';
import { MountedRopeLink } from '../components/mounted-rope-link';
import { lastReading } from '../sensor-device-display';

const SensorDeviceDialog = lazy(() =>
  import('../components/sensor-device-dialog').then((module) => ({ default: module.SensorDeviceDialog })),
);

const columns = (t: TFunction, fmt: Formatters): ColumnDef<SensorDeviceView, unknown>[] => [
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
];

/** /sensor-devices: admins find, add and open the sensor devices. */
export function SensorDevicesPage() {
  return (
    <AdminListScreen
      kind={SENSOR_DEVICES}
      useList={useSensorDevices}
      rowsOf={(answer) => answer.sensorDevices}
      columns={columns}
      minWidth={760}
      AddDialog={SensorDeviceDialog}
    />
  );
}
