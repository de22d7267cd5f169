import { describe, expect, it } from 'vitest';
import type { RopeEventAttributes } from '../events/schemas.ts';
import { DEFAULT_EXPECTED_SERVICE_LIFE } from './kinds.ts';
import { lossOverTargetMoments, lossOverTargetSeries } from './loss-over-target.ts';
import { WORKED_EXAMPLE_ROPE } from './worked-example.ts';

// The worked example's eight wire breaks, one a month, each with the cycles counted then.
const BREAKS: readonly (readonly [number, number])[] = [
  [100, 2],
  [100.1, 1],
  [100.5, 1],
  [101.2, 1],
  [106, 2],
  [110, 2],
  [113, 1],
  [118, 2],
];
const month = (n: number) => new Date(Date.UTC(2025, n, 1)).toISOString();
let nextId = 1;
const event = (position: number | null, attributes: Partial<RopeEventAttributes>) => ({
  id: nextId++,
  position,
  attributes: { actionStatus: 'new', isImported: false, ...attributes } as RopeEventAttributes,
});
const damages = BREAKS.map(([position, damageCount], i) =>
  event(position, {
    timestamp: month(i),
    recordingType: 'damage',
    type: 'wireBreak',
    damageCount,
    bendingCycles: 100_000 * (i + 1),
  }),
);
// A TRUscan file: its MRT inspection and the damage it found, written at one instant.
const truscan = [
  event(null, { timestamp: month(9), recordingType: 'measurement', type: 'mrtInspection', bendingCycles: 1_000_000 }),
  event(130, {
    timestamp: month(9),
    recordingType: 'damage',
    type: 'wireBreak',
    damageCount: 1,
    detection: 'mrt',
  }),
];
const input = (events: typeof damages) => ({ rope: WORKED_EXAMPLE_ROPE, installation: {}, events });

describe('loss over target', () => {
  it('keeps the damage events’ points after an inspection and adds the inspection’s, one per instant', () => {
    expect(lossOverTargetMoments(damages)).toHaveLength(8);
    const moments = lossOverTargetMoments([...damages, ...truscan]);
    expect(moments).toHaveLength(9);
    expect(moments.at(-1)).toEqual({ time: Date.parse(month(9)), cycles: 1_000_000 });
  });

  it('fits the forecast over all nine points on either axis', () => {
    for (const xAxis of ['timestamp', 'bendingCycles'] as const) {
      const series = lossOverTargetSeries(input([...damages, ...truscan]), { xAxis });
      expect(series.result).toHaveLength(9);
      expect(series.result.map((point) => point.damage)).toEqual(
        [...series.result.map((point) => point.damage)].sort((a, b) => a! - b!),
      );
      expect(series.forecast.model).not.toBe('serviceLife');
    }
    const byCycles = lossOverTargetSeries(input([...damages, ...truscan]), { xAxis: 'bendingCycles' });
    expect(byCycles.bendingCyclesToTimestamp.at(-1)).toEqual([1_000_000, month(9)]);
  });

  it('stands in the expected service life below three points, never nothing', () => {
    const series = lossOverTargetSeries(input(damages.slice(0, 2)), { xAxis: 'bendingCycles' });
    expect(series.result).toHaveLength(2);
    expect(series.forecast).toMatchObject({ model: 'serviceLife', discardAt: DEFAULT_EXPECTED_SERVICE_LIFE });
    const own = { ...input([]), rope: { ...WORKED_EXAMPLE_ROPE, expectedServiceLife: 800_000 } };
    expect(lossOverTargetSeries(own, { xAxis: 'bendingCycles' }).forecast).toMatchObject({
      model: 'serviceLife',
      discardAt: 800_000,
    });
  });

  it("fits a long rope's 130,000 points on the time axis", () => {
    const start = Date.UTC(2020, 0, 1);
    const events = Array.from({ length: 130_000 }, (_, i) =>
      event((i * 7.31) % 5_000, {
        timestamp: new Date(start + i * 60_000).toISOString(),
        recordingType: 'damage',
        type: 'wireBreak',
        damageCount: 1,
      }),
    );
    const series = lossOverTargetSeries(input(events), { xAxis: 'timestamp' });
    expect(series.result).toHaveLength(130_000);
    expect(series.forecast.model).not.toBe('serviceLife');
    // Thinned for a chart of 2,000 points: the forecast is still fitted over all 130,000, the line keeps its extremes.
    const drawn = lossOverTargetSeries(input(events), { xAxis: 'timestamp', points: 2000 });
    expect(drawn.result.length).toBeLessThanOrEqual(2000);
    expect(drawn.result.length).toBeGreaterThanOrEqual(400);
    expect(drawn.forecast).toEqual(series.forecast);
    expect(drawn.result[0]).toEqual(series.result[0]);
    expect(drawn.result.at(-1)).toEqual(series.result.at(-1));
    const highest = (points: typeof series.result) => points.reduce((max, p) => Math.max(max, p.damage ?? 0), 0);
    expect(highest(drawn.result)).toBe(highest(series.result));
    expect(drawn.bendingCyclesToTimestamp.length).toBeLessThanOrEqual(2000);
  });

  it('keeps the points in the asked range and fits only those', () => {
    const series = lossOverTargetSeries(input([...damages, ...truscan]), {
      xAxis: 'bendingCycles',
      rangeFrom: '750000',
    });
    expect(series.result.map((point) => point.bendingCycles)).toEqual([800_000, 1_000_000]);
    expect(series.forecast.model).toBe('serviceLife');
    expect(series.bendingCyclesToTimestamp).toHaveLength(9);
  });
});
