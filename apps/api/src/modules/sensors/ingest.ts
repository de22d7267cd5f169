import type { Database, Db } from '@rope/db/client';
import { queryRows } from '@rope/db/client';
import { sensors } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import type { SensorReading } from '@rope/domain/sensors/ingest';
import { BUCKET_ORIGIN_MS } from '@rope/domain/sensors/limits';
import { eq, sql } from 'drizzle-orm';
import { validationError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { copyReadings } from './copy-readings.ts';
import { findDevice } from './internal.ts';

const ORIGIN = new Date(BUCKET_ORIGIN_MS).toISOString();

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
  return { inserted, duplicates: input.measurements.length - inserted };
}

/** Through COPY on PostgreSQL; on PGlite (and for times finer than a millisecond) in one INSERT. */
async function insertReadings(database: Database, readings: readonly SensorReading[]): Promise<number> {
  const copied = database.postgres ? await copyReadings(database.postgres, readings) : undefined;
  return copied ?? (await insertReadingsInOneStatement(database.db, readings));
}

/** The rows go in as three array parameters: one statement however long the batch. */
async function insertReadingsInOneStatement(db: Db, readings: readonly SensorReading[]): Promise<number> {
  const ids = `{${readings.map((r) => r.sensor).join(',')}}`;
  const times = `{${readings.map((r) => r.ts).join(',')}}`;
  const values = `{${readings.map((r) => r.value).join(',')}}`;
  const rollup = (table: string, width: string) => {
    const name = sql.identifier(table);
    return sql`insert into ${name} (sensor_id, ts, count, sum, min, max)
      select sensor_id, date_bin(${width}::interval, ts, ${ORIGIN}::timestamptz), count(*), sum(value), min(value), max(value)
      from inserted group by 1, 2
      on conflict (sensor_id, ts) do update set
        count = ${name}.count + excluded.count,
        sum = ${name}.sum + excluded.sum,
        min = least(${name}.min, excluded.min),
        max = greatest(${name}.max, excluded.max)`;
  };
  const [row] = await queryRows<{ inserted: number }>(
    db,
    sql`with inserted as (
        insert into sensor_measurements (sensor_id, ts, value)
        select * from unnest(${ids}::int[], ${times}::timestamptz[], ${values}::float8[])
        on conflict do nothing
        returning sensor_id, ts, value
      ),
      minute as (${rollup('sensor_measurements_1m', '1 minute')} returning 1),
      hour as (${rollup('sensor_measurements_1h', '1 hour')} returning 1)
      select (select count(*) from inserted)::int as inserted`,
  );
  return Number(row?.inserted ?? 0);
}
