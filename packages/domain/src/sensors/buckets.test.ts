import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUCKET_STEPS, planBuckets } from './buckets.ts';
import { BUCKET_ORIGIN_MS, MAX_CHART_BUCKETS } from './limits.ts';
import { bucketStart } from './rollup.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const t0 = Date.UTC(2026, 2, 1);

describe('planBuckets', () => {
  it('reads a 300-day range from the hour rollup in at most 2,000 buckets', () => {
    const plan = planBuckets(t0, t0 + 300 * DAY_MS);
    expect(plan).toMatchObject({ bucketSeconds: 4 * 3600, source: 'hour' });
    expect((plan.to - plan.from) / (plan.bucketSeconds * 1000)).toBeLessThanOrEqual(MAX_CHART_BUCKETS);
  });

  it('reads one hour from the raw rows and one day from the minute rollup', () => {
    expect(planBuckets(t0, t0 + HOUR_MS)).toMatchObject({ bucketSeconds: 2, source: 'raw' });
    expect(planBuckets(t0, t0 + DAY_MS)).toMatchObject({ bucketSeconds: 60, source: 'minute' });
  });

  it('grows the range to whole buckets on the fixed grid', () => {
    const plan = planBuckets(t0 + 1234, t0 + 5 * DAY_MS + 999);
    expect(plan.from).toBeLessThanOrEqual(t0 + 1234);
    expect(plan.to).toBeGreaterThanOrEqual(t0 + 5 * DAY_MS + 999);
    expect((plan.from - BUCKET_ORIGIN_MS) % (plan.bucketSeconds * 1000)).toBe(0);
    expect((plan.to - BUCKET_ORIGIN_MS) % (plan.bucketSeconds * 1000)).toBe(0);
  });

  it('never exceeds the bucket limit and always picks whole rollup rows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: t0 - 400 * DAY_MS, max: t0 }),
        fc.integer({ min: 1, max: 3 * 365 * DAY_MS }),
        fc.integer({ min: 1, max: 5_000 }),
        (from, length, max) => {
          const plan = planBuckets(from, from + length, max);
          const count = (plan.to - plan.from) / (plan.bucketSeconds * 1000);
          expect(count).toBeLessThanOrEqual(max);
          if (plan.source === 'hour') expect(plan.bucketSeconds % 3600).toBe(0);
          if (plan.source === 'minute') expect(plan.bucketSeconds % 60).toBe(0);
          const narrower = BUCKET_STEPS[BUCKET_STEPS.indexOf(plan.bucketSeconds as never) - 1];
          if (narrower !== undefined) {
            const n = (bucketStart(from + length - 1, narrower) - bucketStart(from, narrower)) / (narrower * 1000) + 1;
            expect(n).toBeGreaterThan(max);
          }
        },
      ),
    );
  });

  it('places a timestamp before the origin in the bucket that holds it', () => {
    const ms = BUCKET_ORIGIN_MS - 1;
    expect(bucketStart(ms, 60)).toBe(BUCKET_ORIGIN_MS - 60_000);
  });
});
