import { queryRows } from '@rope/db/client';
import { sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findSensor } from './internal.ts';

/**
 * The readings of one sensor in [from, to), oldest first, at most `limit`; `truncated` says the range held more.
 * `isFrontend` answers the chart's shape: epoch seconds and values as two columns.
 */
export async function sensorMeasurements({
  ctx,
  actor,
  input,
}: ActionArgs<{ id: number; from: string; to: string; limit: number; isFrontend: boolean }>) {
  assertCan(actor, 'DOMAIN_READ');
  const sensor = await findSensor(ctx, actor, input.id);
  const rows = await queryRows<{ ms: number; value: number }>(
    ctx.db,
    sql`select (extract(epoch from ts) * 1000)::float8 as ms, value from sensor_measurements
      where sensor_id = ${sensor.id} and ts >= ${input.from}::timestamptz and ts < ${input.to}::timestamptz
      order by ts limit ${input.limit + 1}`,
  );
  const truncated = rows.length > input.limit;
  const kept = truncated ? rows.slice(0, input.limit) : rows;
  if (input.isFrontend) {
    return { t: kept.map((row) => Number(row.ms) / 1000), v: kept.map((row) => Number(row.value)), truncated };
  }
  return {
    measurements: kept.map((row) => ({ ts: new Date(Number(row.ms)).toISOString(), value: Number(row.value) })),
    truncated,
  };
}
