import type { Db } from '@rope/db/client';
import { areas, installations, ropes, sensorDevices, sensors } from '@rope/db/schema/index';
import type { SensorDeviceView, SensorView } from '@rope/domain/sensors/views';
import { asc, inArray, sql } from 'drizzle-orm';
import { joinMountPlacement } from '../../tenancy/placement.ts';

/** The devices of these ids as a read answers them, in the order of the ids. */
export async function loadSensorDevices(db: Db, ids: readonly number[]): Promise<SensorDeviceView[]> {
  if (ids.length === 0) return [];
  const query = db
    .select({
      device: sensorDevices,
      rope: { id: ropes.id, name: ropes.name },
      installation: { id: installations.id, name: installations.name },
      area: { id: areas.id, name: areas.name },
    })
    .from(sensorDevices)
    .$dynamic();
  const rows = await joinMountPlacement(query, sensorDevices.ropeId).where(inArray(sensorDevices.id, [...ids]));
  const sensorRows = await db
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
    .where(inArray(sensors.deviceId, [...ids]))
    .orderBy(asc(sensors.id));
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
  const byId = new Map(
    rows.map(({ device, rope, installation, area }) => [
      device.id,
      {
        id: device.id,
        name: device.name,
        rope: rope && installation && area ? { ...rope, installation, area } : null,
        attributes: device.attributes,
        sensors: sensorsByDevice.get(device.id) ?? [],
        createdAt: device.createdAt.toISOString(),
      } satisfies SensorDeviceView,
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadSensorDevice(db: Db, id: number): Promise<SensorDeviceView> {
  const [view] = await loadSensorDevices(db, [id]);
  if (!view) throw new Error(`sensor device ${id} vanished`);
  return view;
}
