import { describe, expect, it } from 'vitest';
import { rollUp } from './rollup.ts';

describe('rollUp', () => {
  it('sums readings per sensor and bucket, on the grid of the bucket origin', () => {
    const at = (iso: string) => Date.parse(iso);
    const rows = rollUp(
      [
        { sensor: 1, ms: at('2026-06-01T10:00:00Z'), value: 3 },
        { sensor: 1, ms: at('2026-06-01T10:00:59.999Z'), value: -2 },
        { sensor: 2, ms: at('2026-06-01T10:00:30Z'), value: 7 },
        { sensor: 1, ms: at('2026-06-01T10:01:00Z'), value: 5 },
      ],
      60,
    );
    expect(rows).toEqual([
      { sensor: 1, bucketMs: at('2026-06-01T10:00:00Z'), count: 2, sum: 1, min: -2, max: 3 },
      { sensor: 2, bucketMs: at('2026-06-01T10:00:00Z'), count: 1, sum: 7, min: 7, max: 7 },
      { sensor: 1, bucketMs: at('2026-06-01T10:01:00Z'), count: 1, sum: 5, min: 5, max: 5 },
    ]);
    expect(rollUp([{ sensor: 1, ms: at('1999-12-31T23:30:00Z'), value: 1 }], 3_600)[0]!.bucketMs).toBe(
      at('1999-12-31T23:00:00Z'),
    );
  });
});
