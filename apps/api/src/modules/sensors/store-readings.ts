import type { Database, Db, PostgresClient } from '@rope/db/client';
import { queryRows } from '@rope/db/client';
import type { SensorReading } from '@rope/domain/sensors/ingest';
import { type SQL, sql } from 'drizzle-orm';
import { copyReadings, postgresQuery } from './copy-readings.ts';
import { arrayText, rollUpReadingsCtes } from './rollup-sql.ts';

/**
 * From this many readings a batch goes through COPY on PostgreSQL. COPY inserts pages at a time but costs four round
 * trips; a device's usual batch (a minute of readings) costs a quarter less CPU of the API and of PostgreSQL in one
 * statement, 500 readings still less, 2,000 the same either way (bench/src/load/socket-cost.ts, 2026-12-05).
 */
export const COPY_FROM_READINGS = 1_000;

/** Large batches through COPY on PostgreSQL, the rest (and times finer than a millisecond) in one INSERT. */
export async function insertReadings(database: Database, readings: readonly SensorReading[]): Promise<number> {
  if (readings.length === 0) return 0;
  if (!database.postgres) return insertReadingsInOneStatement(database.db, readings);
  const copied = readings.length >= COPY_FROM_READINGS ? await copyReadings(database.postgres, readings) : undefined;
  return copied ?? (await insertUnderSensorLock(database.postgres, readings));
}

/** The rows go in as three array parameters: one statement however long the batch. */
export async function insertReadingsInOneStatement(db: Db, readings: readonly SensorReading[]): Promise<number> {
  const [row] = await queryRows<{ inserted: number }>(db, insertReadingsSql(readings));
  return Number(row?.inserted ?? 0);
}

/**
 * The one INSERT on PostgreSQL, after a lock on the batch's sensors in the order of their ids, as COPY takes it: two
 * batches for the same sensors run one after the other, so their rollup rows are never locked in opposite orders.
 * The four statements go out together: one round trip.
 */
async function insertUnderSensorLock(client: PostgresClient, readings: readonly SensorReading[]): Promise<number> {
  const sensorIds = [...new Set(readings.map((reading) => reading.sensor))].sort((a, b) => a - b);
  const insert = postgresQuery(insertReadingsSql(readings));
  const connection = await client.reserve();
  try {
    const [, , [row]] = await Promise.all([
      connection`begin`,
      connection`select 1 from sensors where id in ${connection(sensorIds)} order by id for no key update`,
      // The same text for every batch (the readings go as three arrays): parsed and planned once per connection.
      connection.unsafe<{ inserted: number }[]>(insert.sql, insert.params, { prepare: true }),
      connection`commit`,
    ]);
    return Number(row?.inserted ?? 0);
  } catch (error) {
    await connection`rollback`.catch(() => {});
    throw error;
  } finally {
    connection.release();
  }
}

function insertReadingsSql(readings: readonly SensorReading[]): SQL {
  const ids = arrayText(readings.map((r) => r.sensor));
  const times = arrayText(readings.map((r) => r.ts));
  const values = arrayText(readings.map((r) => r.value));
  return sql`with inserted as (
      insert into sensor_measurements (sensor_id, ts, value)
      select * from unnest(${ids}::int[], ${times}::timestamptz[], ${values}::float8[])
      on conflict do nothing
      returning sensor_id, ts, value
    ),
    ${rollUpReadingsCtes(sql`inserted`)}
    select (select count(*) from inserted)::int as inserted`;
}
