import { SENSOR_DEVICES_PAGE_SIZE } from '@rope/domain/sensors/limits';

/** What tells the sensor-device and smartrope admin screens apart besides their fields. */
export interface AdminKind {
  /** The screens' texts: title, add, search, empty, loadError, notFound, back and saveError under this key. */
  texts: 'sensors.devices' | 'sensors.smartropes';
  /** The list's address; a record's page is below it. */
  path: '/sensor-devices' | '/smartropes';
  permission: 'SENSOR_MANAGE' | 'SMARTROPE_MANAGE';
  pageSize: number;
}

export const SENSOR_DEVICES: AdminKind = {
  texts: 'sensors.devices',
  path: '/sensor-devices',
  permission: 'SENSOR_MANAGE',
  pageSize: SENSOR_DEVICES_PAGE_SIZE,
};

/** What every admin record has: the list links it by name, its page shows where it is mounted and since when. */
export interface AdminRecord {
  id: number;
  name: string;
}
