import { sensorDevices, sensors } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import type { SensorReading } from '@rope/domain/sensors/ingest';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound, validationError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { joinMountPlacement } from '../../tenancy/placement.ts';
import type { ActionArgs } from '../action-args.ts';
import { deviceVisibleTo } from './internal.ts';
import { announcePlotlineExcursions, watchedSensorsColumn } from './plotline-webhooks.ts';
import { insertReadings } from './store-readings.ts';

/**
 * A device's readings in bulk (HTTP or MQTT): all or nothing, idempotent on sensor and time (a reading sent again
 * changes nothing), and the minute and hour rollups grow in the same statement by exactly the rows it inserted.
 */
export async function ingestSensorReadings({
  ctx,
  actor,
  input,
}: ActionArgs<{ deviceId: number; measurements: readonly SensorReading[] }>) {
  assertCan(actor, 'DATA_IMPORT');
  const { sensorIds, watched } = await findIngestingDevice(ctx, actor, input.deviceId);
  const own = new Set(sensorIds);
  const foreign = input.measurements.findIndex((reading) => !own.has(reading.sensor));
  if (foreign >= 0) {
    const sensor = input.measurements[foreign]!.sensor;
    throw validationError({
      [`measurements.${foreign}.sensor`]: message('sensors.validation.foreignSensor', { sensor }),
    });
  }
  const inserted = await insertReadings(ctx.database, input.measurements);
  if (inserted > 0) await announcePlotlineExcursions(ctx, watched, firstReadingPerSensor(input.measurements));
  return { inserted, duplicates: input.measurements.length - inserted };
}

/**
 * Fetch-or-404 of the delivering device, with the ids of its sensors (a sensor of another device refuses the batch)
 * and its sensors watched for plotline excursions: one statement. A device the actor may not see answers like a
 * missing one.
 */
async function findIngestingDevice(ctx: AppContext, actor: Actor, deviceId: number) {
  const query = ctx.db
    .select({
      sensorIds: sql<number[]>`coalesce((select array_agg(${sensors.id}) from ${sensors}
        where ${sensors.deviceId} = ${sensorDevices.id}), '{}')`,
      watched: watchedSensorsColumn(),
    })
    .from(sensorDevices)
    .$dynamic();
  const [row] = await joinMountPlacement(query, sensorDevices.ropeId).where(
    and(eq(sensorDevices.id, deviceId), deviceVisibleTo(actor)),
  );
  if (!row) throw notFound(message('app.errors.noSuchSensorDevice'));
  return { sensorIds: row.sensorIds.map(Number), watched: row.watched };
}

function firstReadingPerSensor(readings: readonly SensorReading[]): Map<number, string> {
  const first = new Map<number, string>();
  for (const reading of readings) {
    const ts = new Date(reading.ts).toISOString();
    const known = first.get(reading.sensor);
    if (!known || ts < known) first.set(reading.sensor, ts);
  }
  return first;
}
