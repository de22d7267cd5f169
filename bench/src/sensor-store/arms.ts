import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BUCKET_ORIGIN_MS } from '@rope/domain/sensors/limits';
import { rollUp } from '@rope/domain/sensors/rollup';
import type { Sql } from 'postgres';
import { percentile } from '../machine.ts';
import type { Layout } from './layouts.ts';

const ORIGIN = new Date(BUCKET_ORIGIN_MS).toISOString();

/**
 * The chart route's bucket query (apps/api/src/modules/sensors/aggregates.ts) for one plan: the raw rows counted, or
 * a rollup's rows summed.
 */
export function chartQuery(
  sql: Sql,
  plan: { source: 'raw' | 'minute' | 'hour'; bucketSeconds: number; from: number; to: number },
  sensor: number,
) {
  const from = new Date(plan.from).toISOString();
  const to = new Date(plan.to).toISOString();
  const bucket = `date_bin(make_interval(secs => ${plan.bucketSeconds}), ts, '${ORIGIN}'::timestamptz)`;
  const epochMs = `(extract(epoch from ${bucket}) * 1000)::float8`;
  const range = 'sensor_id = $1 and ts >= $2::timestamptz and ts < $3::timestamptz';
  if (plan.source === 'raw') {
    return sql.unsafe(
      `select ${epochMs} as ms, count(*)::int as count, min(value) as min, max(value) as max, sum(value) as sum
       from sensor_measurements where ${range} group by 1 order by 1`,
      [sensor, from, to],
    );
  }
  const table = plan.source === 'hour' ? 'sensor_measurements_1h' : 'sensor_measurements_1m';
  return sql.unsafe(
    `select ${epochMs} as ms, sum(count)::int as count, min(min) as min, max(max) as max, sum(sum) as sum
     from ${table} where ${range} group by 1 order by 1`,
    [sensor, from, to],
  );
}

/** New readings of `sensors` sensors, one a second each, from `from`: what a device batch brings. */
export function newReadings(sensors: number[], count: number, from: number) {
  const readings: { sensor: number; ms: number; value: number }[] = [];
  for (let i = 0; readings.length < count; i += 1) {
    for (const sensor of sensors) {
      if (readings.length < count) readings.push({ sensor, ms: from + i * 1000, value: 20 + Math.sin(i / 60) });
    }
  }
  return readings;
}

/** A PostgreSQL array literal of numbers or ISO times, typed. */
function literal(items: readonly (number | string)[], type: string): string {
  return `'{${items.join(',')}}'::${type}[]`;
}

/**
 * Stores a batch as the API's COPY path does (apps/api/src/modules/sensors/copy-readings.ts): the readings copied
 * into the raw table, the rollups summed here by the domain's rollUp and added in one statement, in one transaction.
 */
export async function ingest(sql: Sql, readings: { sensor: number; ms: number; value: number }[]) {
  const text = readings.map((r) => `${r.sensor}\t${new Date(r.ms).toISOString()}\t${r.value}\n`).join('');
  const rollups = [
    { table: 'sensor_measurements_1m', rows: rollUp(readings, 60) },
    { table: 'sensor_measurements_1h', rows: rollUp(readings, 3_600) },
  ];
  await sql.begin(async (tx) => {
    const copy = await tx.unsafe('copy sensor_measurements (sensor_id, ts, value) from stdin').writable();
    await pipeline(Readable.from([text]), copy);
    const ctes = rollups.map(({ table, rows }, i) => {
      const columns = [
        literal(
          rows.map((row) => row.sensor),
          'int',
        ),
        literal(
          rows.map((row) => new Date(row.bucketMs).toISOString()),
          'timestamptz',
        ),
        literal(
          rows.map((row) => row.count),
          'int',
        ),
        literal(
          rows.map((row) => row.sum),
          'float8',
        ),
        literal(
          rows.map((row) => row.min),
          'float8',
        ),
        literal(
          rows.map((row) => row.max),
          'float8',
        ),
      ];
      return `r${i} as (insert into ${table} (sensor_id, ts, count, sum, min, max)
        select * from unnest(${columns.join(', ')})
        on conflict (sensor_id, ts) do update set count = ${table}.count + excluded.count,
          sum = ${table}.sum + excluded.sum, min = least(${table}.min, excluded.min),
          max = greatest(${table}.max, excluded.max) returning 1)`;
    });
    await tx.unsafe(`with ${ctes.join(', ')} select 1`);
  });
}

/** Removes what `ingest` stored from `from` on, untimed. */
export async function removeFrom(sql: Sql, from: number) {
  const at = new Date(from).toISOString();
  for (const table of ['sensor_measurements', 'sensor_measurements_1m', 'sensor_measurements_1h']) {
    await sql.unsafe(`delete from ${table} where ts >= $1`, [at]);
  }
}

export interface Samples {
  plain: number[];
  parted: number[];
}

/**
 * Calls each layout's arm `calls` times a round, the layouts alternating which goes first; every call's ms kept.
 * `after` runs untimed after each call.
 */
export async function alternate(
  rounds: number,
  calls: number,
  arm: (layout: Layout, call: number) => Promise<unknown>,
  after?: (layout: Layout) => Promise<unknown>,
): Promise<Samples> {
  const samples: Samples = { plain: [], parted: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order: Layout[] = round % 2 === 0 ? ['plain', 'parted'] : ['parted', 'plain'];
    for (const layout of order) {
      for (let call = 0; call < calls; call += 1) {
        const started = performance.now();
        await arm(layout, round * calls + call);
        samples[layout].push(performance.now() - started);
        await after?.(layout);
      }
    }
  }
  return samples;
}

/** p50 and p95 of each layout over all its calls, and partitioned over plain at the p50. */
export function describeSamples(name: string, samples: Samples): string {
  const p = (values: number[], q: number) => percentile(values, q).toFixed(1);
  const ratio = percentile(samples.parted, 0.5) / percentile(samples.plain, 0.5);
  const shown = ratio >= 0.1 ? ratio.toFixed(2) : ratio.toPrecision(2);
  return (
    `${name}: one table p50 ${p(samples.plain, 0.5)} / p95 ${p(samples.plain, 0.95)} ms, ` +
    `monthly partitions p50 ${p(samples.parted, 0.5)} / p95 ${p(samples.parted, 0.95)} ms ` +
    `(${samples.plain.length} calls each; partitions ${shown}x one table at the p50)`
  );
}
