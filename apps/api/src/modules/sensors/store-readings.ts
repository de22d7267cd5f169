import type { Database, Db } from '@rope/db/client';
import { queryRows } from '@rope/db/client';
import type { SensorReading } from '@rope/domain/sensors/ingest';
import { BUCKET_ORIGIN_MS } from '@rope/domain/sensors/limits';
import { sql } from 'drizzle-orm';
import { copyReadings } from './copy-readings.ts';

const ORIGIN = new Date(BUCKET_ORIGIN_MS).toISOString();

/** Through COPY on PostgreSQL; on PGlite (and for times finer than a millisecond) in one INSERT. */
export async function insertReadings(database: Database, readings: readonly SensorReading[]): Promise<number> {
  const copied = database.postgres ? await copyReadings(database.postgres, readings) : undefined;
  return copied ?? (await insertReadingsInOneStatement(database.db, readings));
}

/** The rows go in as three array parameters: one statement however long the batch. */
export async function insertReadingsInOneStatement(db: Db, readings: readonly SensorReading[]): Promise<number> {
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
