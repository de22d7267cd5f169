import { bucketStart } from './buckets.ts';

/** One rollup row: the readings of one sensor in one bucket (a minute or an hour), as the rollup tables keep them. */
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
