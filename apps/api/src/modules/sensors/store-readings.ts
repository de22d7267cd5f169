import type { Database, Db } from '@rope/db/client';
import { queryRows } from '@rope/db/client';
import type { SensorReading } from '@rope/domain/sensors/ingest';
import { sql } from 'drizzle-orm';
import { copyReadings } from './copy-readings.ts';
import { arrayText, rollUpReadingsCtes } from './rollup-sql.ts';

/** Through COPY on PostgreSQL; on PGlite (and for times finer than a millisecond) in one INSERT. */
export async function insertReadings(database: Database, readings: readonly SensorReading[]): Promise<number> {
  const copied = database.postgres ? await copyReadings(database.postgres, readings) : undefined;
  return copied ?? (await insertReadingsInOneStatement(database.db, readings));
}

/** The rows go in as three array parameters: one statement however long the batch. */
export async function insertReadingsInOneStatement(db: Db, readings: readonly SensorReading[]): Promise<number> {
  const ids = arrayText(readings.map((r) => r.sensor));
  const times = arrayText(readings.map((r) => r.ts));
  const values = arrayText(readings.map((r) => r.value));
  const [row] = await queryRows<{ inserted: number }>(
    db,
    sql`with inserted as (
        insert into sensor_measurements (sensor_id, ts, value)
        select * from unnest(${ids}::int[], ${times}::timestamptz[], ${values}::float8[])
        on conflict do nothing
        returning sensor_id, ts, value
      ),
      ${rollUpReadingsCtes(sql`inserted`)}
      select (select count(*) from inserted)::int as inserted`,
  );
  return Number(row?.inserted ?? 0);
}
