import { MAX_CHART_BUCKETS } from './limits.ts';
import { bucketStart, ROLLUPS, type RollupName } from './rollup.ts';

/** Where a bucket's figures are read from: the raw rows, or one of the rollups. */
export type BucketSource = 'raw' | RollupName;

export interface BucketPlan {
  /** The width of one bucket in seconds, a step of BUCKET_STEPS. */
  bucketSeconds: number;
  source: BucketSource;
  /** The range the buckets cover: from the start of the first bucket to the end of the last, in epoch ms. */
  from: number;
  to: number;
}

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;

/**
 * Bucket widths a chart steps through, in seconds. Every width of a minute or more is a whole number of minutes and
 * every width of an hour or more a whole number of hours, so a bucket is the sum of whole rows of a rollup.
 */
export const BUCKET_STEPS = [
  1,
  2,
  5,
  10,
  15,
  30,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  28 * DAY,
  56 * DAY,
  112 * DAY,
  364 * DAY,
  5 * 364 * DAY,
  25 * 364 * DAY,
] as const;

const WIDEST_STEP = BUCKET_STEPS[BUCKET_STEPS.length - 1] as number;

/**
 * The buckets for a range [from, to): the narrowest width that needs at most `maxBuckets` buckets, and the
 * coarsest table that holds whole buckets of it. The range grows to whole buckets, so each bucket's figures are
 * those of all its rows, whichever table they come from.
 */
export function planBuckets(from: number, to: number, maxBuckets: number = MAX_CHART_BUCKETS): BucketPlan {
  const wanted = Math.max(1, Math.floor(maxBuckets));
  const step: number = BUCKET_STEPS.find((seconds) => bucketCount(from, to, seconds) <= wanted) ?? WIDEST_STEP;
  const source: BucketSource = ROLLUPS.findLast((rollup) => step % rollup.seconds === 0)?.name ?? 'raw';
  const start = bucketStart(from, step);
  const end = bucketStart(Math.max(from, to - 1), step) + step * 1000;
  return { bucketSeconds: step, source, from: start, to: end };
}

function bucketCount(from: number, to: number, seconds: number): number {
  const first = bucketStart(from, seconds);
  const last = bucketStart(Math.max(from, to - 1), seconds);
  return (last - first) / (seconds * 1000) + 1;
}
