import { BUCKET_ORIGIN_MS } from './limits.ts';

/**
 * The rule of the rollups kept beside the raw readings, finest first: a row holds the count, sum, min and max of one
 * sensor's readings in one bucket of `seconds`, the buckets on the grid that starts at BUCKET_ORIGIN_MS. A reading
 * stored adds to the row of its bucket in every rollup. Ingestion (both of its paths), the demo data and the chart
 * queries all follow this one definition; modules/sensors/rollup-sql.ts says it in SQL.
 */
export const ROLLUPS = [
  { name: 'minute', seconds: 60 },
  { name: 'hour', seconds: 3_600 },
] as const;
export type Rollup = (typeof ROLLUPS)[number];
export type RollupName = Rollup['name'];

/** The start of the bucket that holds `ms`, on the grid that starts at BUCKET_ORIGIN_MS. */
export function bucketStart(ms: number, bucketSeconds: number): number {
  const width = bucketSeconds * 1000;
  return BUCKET_ORIGIN_MS + Math.floor((ms - BUCKET_ORIGIN_MS) / width) * width;
}

/** One rollup row: the readings of one sensor in one bucket of a rollup, as the rollup tables keep them. */
export interface RollupRow {
  sensor: number;
  /** The bucket's start in epoch ms, on the grid of BUCKET_ORIGIN_MS (date_bin's origin). */
  bucketMs: number;
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** Sums readings into rollup rows of `bucketSeconds`, what `group by sensor, date_bin(...)` gives in SQL. */
export function rollUp(
  readings: readonly { sensor: number; ms: number; value: number }[],
  bucketSeconds: number,
): RollupRow[] {
  const rows: RollupRow[] = [];
  const bySensor = new Map<number, Map<number, RollupRow>>();
  for (const { sensor, ms, value } of readings) {
    const bucketMs = bucketStart(ms, bucketSeconds);
    let buckets = bySensor.get(sensor);
    if (!buckets) {
      buckets = new Map();
      bySensor.set(sensor, buckets);
    }
    const row = buckets.get(bucketMs);
    if (!row) {
      const created = { sensor, bucketMs, count: 1, sum: value, min: value, max: value };
      buckets.set(bucketMs, created);
      rows.push(created);
    } else {
      row.count += 1;
      row.sum += value;
      if (value < row.min) row.min = value;
      if (value > row.max) row.max = value;
    }
  }
  return rows;
}
