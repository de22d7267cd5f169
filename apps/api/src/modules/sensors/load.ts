import type { Db } from '@rope/db/client';
import { areas, installations, ropes, sensorDevices, sensors } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import type { SensorDeviceView, SensorView } from '@rope/domain/sensors/views';
import { and, asc, eq, sql } from 'drizzle-orm';
import { idsParam, preparedPerDatabase } from '../../infra/prepared.ts';
import { joinMountPlacement } from '../../tenancy/placement.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';

const placedDevices = (db: Db) =>
  joinMountPlacement(
    db
      .select({
        device: sensorDevices,
        rope: { id: ropes.id, name: ropes.name },
        installation: { id: installations.id, name: installations.name },
        area: { id: areas.id, name: areas.name },
      })
      .from(sensorDevices)
      .$dynamic(),
    sensorDevices.ropeId,
  );

type DeviceRow = Awaited<ReturnType<ReturnType<typeof placedDevices>['execute']>>[number];

const devicesByIdQuery = preparedPerDatabase((db) =>
  placedDevices(db)
    .where(sql`${sensorDevices.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('sensor_devices_by_id'),
);

const ropeDevicesQuery = preparedVisible((db, visible) =>
  placedDevices(db)
    .where(and(eq(sensorDevices.ropeId, sql.placeholder('ropeId')), visible.where))
    .orderBy(asc(sensorDevices.name), asc(sensorDevices.id))
    .prepare(visible.name('visible_rope_sensor_devices')),
);

const sensorsOfDevicesQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: sensors.id,
      deviceId: sensors.deviceId,
      name: sensors.name,
      attributes: sensors.attributes,
      isDeleted: sensors.isDeleted,
      // The newest reading through the primary key (sensor, ts): one index probe per sensor.
      lastMeasurementAt: sql<
        string | null
      >`(select max(m.ts) from sensor_measurements m where m.sensor_id = ${sensors.id})`,
    })
    .from(sensors)
    .where(sql`${sensors.deviceId} = any(${sql.placeholder('deviceIds')}::int[])`)
    .orderBy(asc(sensors.id))
    .prepare('sensors_of_devices'),
);

/** The devices of these ids as a read answers them, in the order of the ids. */
export async function loadSensorDevices(db: Db, ids: readonly number[]): Promise<SensorDeviceView[]> {
  if (ids.length === 0) return [];
  const views = await withSensors(db, await devicesByIdQuery(db).execute({ ids: idsParam(ids) }));
  const byId = new Map(views.map((view) => [view.id, view]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The devices on one rope by name, checked against the viewer in the same statement: none for a rope in an area the
 * viewer does not see, which the caller tells apart from a rope without devices.
 */
export async function loadVisibleRopeSensorDevices(db: Db, viewer: Actor, ropeId: number): Promise<SensorDeviceView[]> {
  return withSensors(db, await ropeDevicesQuery(db, viewer).execute({ ropeId }));
}

async function withSensors(db: Db, rows: DeviceRow[]): Promise<SensorDeviceView[]> {
  if (rows.length === 0) return [];
  const deviceIds = idsParam(rows.map((row) => row.device.id));
  const sensorRows = await sensorsOfDevicesQuery(db).execute({ deviceIds });
  const sensorsByDevice = new Map<number, SensorView[]>();
  for (const row of sensorRows) {
    const list = sensorsByDevice.get(row.deviceId) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      attributes: row.attributes,
      isDeleted: row.isDeleted,
      lastMeasurementAt: row.lastMeasurementAt === null ? null : new Date(row.lastMeasurementAt).toISOString(),
    });
    sensorsByDevice.set(row.deviceId, list);
  }
  return rows.map(
    ({ device, rope, installation, area }): SensorDeviceView => ({
      id: device.id,
      name: device.name,
      rope: rope && installation && area ? { ...rope, installation, area } : null,
      attributes: device.attributes,
      sensors: sensorsByDevice.get(device.id) ?? [],
      createdAt: device.createdAt.toISOString(),
    }),
  );
}

export async function loadSensorDevice(db: Db, id: number): Promise<SensorDeviceView> {
  const [view] = await loadSensorDevices(db, [id]);
  if (!view) throw new Error(`sensor device ${id} vanished`);
  return view;
}
