import { queryRows } from '@rope/db/client';
import { type BucketSource, planBuckets } from '@rope/domain/sensors/buckets';
import type { SensorAggregatesAnswer, SensorBucket } from '@rope/domain/sensors/views';
import { type SQL, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findSensor } from './internal.ts';
import { bucketStartSql, rollupTableName } from './rollup-sql.ts';

interface BucketRow extends Record<string, unknown> {
  ms: number;
  count: number;
  min: number;
  max: number;
  sum: number;
}

/** One bucket query per table: the raw rows are counted, a rollup's rows are summed. */
function bucketQuery(source: BucketSource, sensorId: number, seconds: number, from: string, to: string): SQL {
  const bucket = bucketStartSql(seconds);
  const epochMs = sql`(extract(epoch from ${bucket}) * 1000)::float8`;
  const range = sql`sensor_id = ${sensorId} and ts >= ${from}::timestamptz and ts < ${to}::timestamptz`;
  if (source === 'raw') {
    return sql`select ${epochMs} as ms, count(*)::int as count, min(value) as min, max(value) as max,
      sum(value) as sum from sensor_measurements where ${range} group by 1 order by 1`;
  }
  const table = sql.identifier(rollupTableName(source));
  return sql`select ${epochMs} as ms, sum(count)::int as count, min(min) as min, max(max) as max,
    sum(sum) as sum from ${table} where ${range} group by 1 order by 1`;
}

/**
 * A range of one sensor in at most `buckets` buckets with count, min, max and mean each, so no spike is lost
 * however long the range; read from the raw rows, the minute or the hour rollup by the bucket width. The range grows
 * to whole buckets; the trend (min, max, mean, and the median when asked) is over every reading in it.
 */
export async function sensorAggregates({
  ctx,
  actor,
  input,
}: ActionArgs<{
  id: number;
  from: string;
  to: string;
  buckets: number;
  median: boolean;
}>): Promise<SensorAggregatesAnswer> {
  assertCan(actor, 'DOMAIN_READ');
  const plan = planBuckets(Date.parse(input.from), Date.parse(input.to), input.buckets);
  const from = new Date(plan.from).toISOString();
  const to = new Date(plan.to).toISOString();
  // Both at once, on two connections: a chart asks this for every zoom. The buckets of a sensor the viewer may not
  // see are never answered: the 404 wins.
  const [sensor, rows] = await Promise.all([
    findSensor(ctx, actor, input.id),
    queryRows<BucketRow>(ctx.db, bucketQuery(plan.source, input.id, plan.bucketSeconds, from, to)),
  ]);
  const buckets: SensorBucket[] = rows.map((row) => ({
    ts: new Date(Number(row.ms)).toISOString(),
    count: Number(row.count),
    min: Number(row.min),
    max: Number(row.max),
    avg: Number(row.sum) / Number(row.count),
  }));
  let count = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const [i, bucket] of buckets.entries()) {
    count += bucket.count;
    sum += Number(rows[i]!.sum);
    min = Math.min(min, bucket.min);
    max = Math.max(max, bucket.max);
  }
  const empty = count === 0;
  return {
    from,
    to,
    bucketSeconds: plan.bucketSeconds,
    source: plan.source,
    buckets,
    trend: {
      count,
      min: empty ? null : min,
      max: empty ? null : max,
      avg: empty ? null : sum / count,
      ...(input.median ? { median: empty ? null : await rangeMedian(ctx, sensor.id, from, to) } : {}),
    },
  };
}

/** The median needs every reading: it cannot be summed from rollups. */
async function rangeMedian(ctx: ActionArgs<unknown>['ctx'], sensorId: number, from: string, to: string) {
  const [row] = await queryRows<{ median: number | null }>(
    ctx.db,
    sql`select percentile_cont(0.5) within group (order by value) as median from sensor_measurements
      where sensor_id = ${sensorId} and ts >= ${from}::timestamptz and ts < ${to}::timestamptz`,
  );
  return row?.median === null || row?.median === undefined ? null : Number(row.median);
}
