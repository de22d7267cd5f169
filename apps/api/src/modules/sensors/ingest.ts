import { sensors } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import type { SensorReading } from '@rope/domain/sensors/ingest';
import { eq } from 'drizzle-orm';
import { validationError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findDevice } from './internal.ts';
import { announcePlotlineExcursions } from './plotline-webhooks.ts';
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
  // Both at once, on two connections; the sensors of a device the actor may not see are never used: the 404 wins.
  const [, ownSensors] = await Promise.all([
    findDevice(ctx, actor, input.deviceId),
    ctx.db.select({ id: sensors.id }).from(sensors).where(eq(sensors.deviceId, input.deviceId)),
  ]);
  const own = new Set(ownSensors.map((s) => s.id));
  const foreign = input.measurements.findIndex((reading) => !own.has(reading.sensor));
  if (foreign >= 0) {
    const sensor = input.measurements[foreign]!.sensor;
    throw validationError({
      [`measurements.${foreign}.sensor`]: message('sensors.validation.foreignSensor', { sensor }),
    });
  }
  const inserted = await insertReadings(ctx.database, input.measurements);
  if (inserted > 0) await announcePlotlineExcursions(ctx, input.deviceId, firstReadingPerSensor(input.measurements));
  return { inserted, duplicates: input.measurements.length - inserted };
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
