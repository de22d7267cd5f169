import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LossPoint } from '../events/views.ts';
import { thinCyclePairs, thinLossPoints } from './loss-thinning.ts';

const START = Date.UTC(2024, 0, 1);
const point = fc.record({
  minutes: fc.integer({ min: 0, max: 500 }),
  cycles: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
  damage: fc.option(fc.double({ min: 0, max: 150, noNaN: true }), { nil: null, freq: 8 }),
  maxLossPct: fc.double({ min: 0, max: 30, noNaN: true }),
});
const series = fc.array(point, { maxLength: 400, size: 'max' }).map((points) =>
  points
    .sort((a, b) => a.minutes - b.minutes)
    .map(
      ({ minutes, cycles, damage, maxLossPct }): LossPoint => ({
        timestamp: new Date(START + minutes * 60_000).toISOString(),
        bendingCycles: cycles,
        damage,
        maxLossPct,
      }),
    ),
);
const axes = {
  timestamp: (p: LossPoint) => Date.parse(p.timestamp),
  bendingCycles: (p: LossPoint) => p.bendingCycles,
};

describe('thinning the loss chart', () => {
  it('keeps at most the asked number of the given points, in order, with each span’s extremes', () => {
    fc.assert(
      fc.property(
        series,
        fc.integer({ min: 10, max: 120 }),
        fc.constantFrom('timestamp', 'bendingCycles'),
        (points, most, axis: keyof typeof axes) => {
          const xOf = axes[axis];
          const kept = thinLossPoints(points, xOf, most);
          if (points.length <= most) {
            expect(kept).toEqual(points);
            return;
          }
          expect(kept.length).toBeLessThanOrEqual(most);
          // Each kept point is a given one, figures unchanged, in the given order.
          const indexes = kept.map((p) => points.indexOf(p));
          expect(indexes.every((index, i) => index >= 0 && (i === 0 || index > indexes[i - 1]!))).toBe(true);
          const onAxis = points.filter((p) => xOf(p) !== null);
          expect(kept.every((p) => xOf(p) !== null)).toBe(true);
          if (onAxis.length === 0) return;
          // The spans as documented: the axis from the lowest to the highest x in floor(most / 5) equal parts.
          const xs = onAxis.map((p) => xOf(p)!);
          const low = Math.min(...xs);
          const high = Math.max(...xs);
          const spans = Math.floor(most / 5);
          const width = (high - low) / spans;
          const spanOf = (x: number) => (width === 0 ? 0 : Math.min(spans - 1, Math.floor((x - low) / width)));
          for (let span = 0; span < spans; span += 1) {
            const given = onAxis.filter((p) => spanOf(xOf(p)!) === span);
            if (given.length === 0) continue;
            const drawn = kept.filter((p) => spanOf(xOf(p)!) === span);
            const xsOf = (ps: LossPoint[]) => ps.map((p) => xOf(p)!);
            expect(Math.min(...xsOf(drawn))).toBe(Math.min(...xsOf(given)));
            expect(Math.max(...xsOf(drawn))).toBe(Math.max(...xsOf(given)));
            const known = (ps: LossPoint[]) => ps.flatMap((p) => (p.damage === null ? [] : [p.damage]));
            if (known(given).length > 0) {
              expect(Math.min(...known(drawn))).toBe(Math.min(...known(given)));
              expect(Math.max(...known(drawn))).toBe(Math.max(...known(given)));
            }
            // A gap in the line stays a gap.
            expect(drawn.some((p) => p.damage === null)).toBe(given.some((p) => p.damage === null));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the cycle pairs at both ends of each span of time, so interpolation meets them there', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 4, max: 60 }), (points, most) => {
        const pairs = points
          .filter((p) => p.bendingCycles !== null)
          .map((p): [number, string] => [p.bendingCycles!, p.timestamp]);
        const kept = thinCyclePairs(pairs, most);
        if (pairs.length <= most) {
          expect(kept).toEqual(pairs);
          return;
        }
        expect(kept.length).toBeLessThanOrEqual(most);
        expect(kept.every((pair) => pairs.includes(pair))).toBe(true);
        expect(kept[0]![1]).toBe(pairs[0]![1]);
        expect(kept.at(-1)![1]).toBe(pairs.at(-1)![1]);
      }),
      { numRuns: 300 },
    );
  });
});
