import { sensorMeasurements1h, sensorMeasurements1m } from '@rope/db/schema/index';
import { BUCKET_ORIGIN_MS } from '@rope/domain/sensors/limits';
import { ROLLUPS, type Rollup, type RollupName, type RollupRow } from '@rope/domain/sensors/rollup';
import { getTableName, type SQL, sql } from 'drizzle-orm';

// The domain's rollup rule (ROLLUPS, bucketStart, rollUp in @rope/domain/sensors/rollup) in SQL, for every statement
// that writes or reads the rollups: ingestion's two paths, the demo data and the chart queries.

const ROLLUP_TABLES = { minute: sensorMeasurements1m, hour: sensorMeasurements1h } as const satisfies Record<
  RollupName,
  unknown
>;

const ORIGIN = new Date(BUCKET_ORIGIN_MS).toISOString();

export function rollupTableName(rollup: RollupName): string {
  return getTableName(ROLLUP_TABLES[rollup]);
}

/** The start of the bucket of `seconds` that holds the row's `ts`: bucketStart in SQL. */
export function bucketStartSql(seconds: number): SQL {
  return sql`date_bin(make_interval(secs => ${seconds}), ts, ${ORIGIN}::timestamptz)`;
}

/** Adds rollup rows (sensor_id, bucket start, count, sum, min, max) to a rollup: a bucket already stored grows. */
function addToRollup(rollup: RollupName, rows: SQL): SQL {
  const table = sql.identifier(rollupTableName(rollup));
  return sql`insert into ${table} (sensor_id, ts, count, sum, min, max) ${rows}
    on conflict (sensor_id, ts) do update set
      count = ${table}.count + excluded.count,
      sum = ${table}.sum + excluded.sum,
      min = least(${table}.min, excluded.min),
      max = greatest(${table}.max, excluded.max)`;
}

/** One data-modifying CTE per rollup, named after it: all of them grow in the one statement that holds the list. */
function everyRollup(rowsOf: (rollup: Rollup) => SQL): SQL {
  return sql.join(
    ROLLUPS.map(
      (rollup) => sql`${sql.identifier(rollup.name)} as (${addToRollup(rollup.name, rowsOf(rollup))} returning 1)`,
    ),
    sql`, `,
  );
}

/** The CTEs that add `readings` (a relation of sensor_id, ts and value) to every rollup, summed in SQL. */
export function rollUpReadingsCtes(readings: SQL): SQL {
  return everyRollup(
    (rollup) => sql`select sensor_id, ${bucketStartSql(rollup.seconds)}, count(*), sum(value), min(value), max(value)
      from ${readings} group by 1, 2`,
  );
}

/** The statement that adds readings summed beforehand by the domain's rollUp (`rowsOf` a rollup) to every rollup. */
export function addRollupRowsSql(rowsOf: (rollup: Rollup) => readonly RollupRow[]): SQL {
  const ctes = everyRollup((rollup) => {
    const rows = rowsOf(rollup);
    return sql`select * from unnest(${arrayText(rows.map((row) => row.sensor))}::int[],
      ${arrayText(rows.map((row) => new Date(row.bucketMs).toISOString()))}::timestamptz[],
      ${arrayText(rows.map((row) => row.count))}::int[], ${arrayText(rows.map((row) => row.sum))}::float8[],
      ${arrayText(rows.map((row) => row.min))}::float8[], ${arrayText(rows.map((row) => row.max))}::float8[])`;
  });
  return sql`with ${ctes} select 1`;
}

/** A PostgreSQL array literal of numbers or ISO times: one text parameter however long. */
export function arrayText(items: readonly (number | string)[]): string {
  return `{${items.join(',')}}`;
}
