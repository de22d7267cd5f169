import { describe, expect, it } from 'vitest';
import { estimateBendingCycles } from './bending-cycles.ts';
import { forecastDiscard } from './forecast.ts';
import { SPLICE_WARNINGS, spliceBand, spliceDeviation, spliceFlags, spliceLengthRatio } from './splices.ts';

describe('forecast of the discard point', () => {
  it('fits the exponential test vector: b = 3.466e-6, a = 1.609, n* ≈ 864,000, band 605,000 … 1,124,000', () => {
    const forecast = forecastDiscard([
      { x: 200_000, damage: 10 },
      { x: 400_000, damage: 20 },
      { x: 600_000, damage: 40 },
    ]);
    expect(forecast.model).toBe('exponential');
    expect(forecast.b).toBeCloseTo(3.466e-6, 9);
    expect(forecast.a).toBeCloseTo(1.609, 3);
    expect(Math.round(forecast.discardAt / 1000)).toBe(864);
    expect(Math.round(forecast.bandFrom / 1000)).toBe(605);
    expect(Math.round(forecast.bandTo / 1000)).toBe(1124);
  });

  it('takes the straight line when it fits better, and the service life with fewer than 3 points', () => {
    const linear = forecastDiscard([
      { x: 100, damage: 10 },
      { x: 200, damage: 20 },
      { x: 300, damage: 30 },
      { x: 400, damage: 40 },
    ]);
    expect(linear.model).toBe('linear');
    expect(linear.discardAt).toBeCloseTo(1000, 6);
    const short = forecastDiscard([{ x: 1, damage: 5 }], 2_000_000);
    expect(short).toMatchObject({ model: 'serviceLife', discardAt: 2_000_000, bandFrom: 1_400_000, bandTo: 2_600_000 });
    expect(forecastDiscard([]).discardAt).toBe(1_000_000);
  });

  it('measures the band from the origin: a new rope for cycles, the first inspection for time', () => {
    const day = 86_400_000;
    const start = Date.UTC(2024, 0, 1);
    const points = [0, 100, 200].map((days, i) => ({ x: start + days * day, damage: 10 * 2 ** i }));
    const forecast = forecastDiscard(points, undefined, start);
    const span = forecast.discardAt - start;
    expect(forecast.bandFrom).toBeCloseTo(start + 0.7 * span, -1);
    expect(forecast.bandTo).toBeCloseTo(start + 1.3 * span, -1);
    expect(forecast.bandFrom).toBeGreaterThan(start);
  });
});

describe('splices', () => {
  it('measures knots by their maximum and other parts by their minimum diameter', () => {
    expect(spliceDeviation({ type: 'knot', diameterMin: 38, diameterMax: 44 }, 40)).toBeCloseTo(10, 9);
    expect(spliceDeviation({ type: 'other', diameterMin: 37, diameterMax: 44 }, 40)).toBeCloseTo(-7.5, 9);
  });

  it('bands deviations with the renewal warnings', () => {
    expect([-4.9, -5, -7, -10, -10.1].map((d) => spliceBand('other', d))).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
    ]);
    expect([3, 5, 8, 10, 11].map((d) => spliceBand('knot', d))).toEqual(['green', 'green', 'yellow', 'yellow', 'red']);
    expect(SPLICE_WARNINGS).toEqual({ yellow: 'renewal recommended', red: 'renewal very recommended' });
  });

  it('flags short splices and splices too close together, by nominal diameters', () => {
    expect(spliceLengthRatio({ positionStart: 100, positionEnd: 148 }, 40)).toBe(1200);
    const flags = spliceFlags(
      [
        { positionStart: 0, positionEnd: 40, parts: [] },
        { positionStart: 100, positionEnd: 160, parts: [] },
        { positionStart: 400, positionEnd: 460, parts: [] },
      ],
      40,
    );
    expect(flags).toEqual({ short: [0], close: [1] });
  });
});

describe('bending cycles', () => {
  it('adds the installation rate over the operating hours since the known count', () => {
    const installation = { operatingSpeed: 5, loopLength: 3000, bendsPerRevolution: 10, operatingHoursPerYear: 2000 };
    const rope = { bendingCyclesUntilNow: 100_000, bendingCyclesUntilNowAt: '2025-01-01T00:00:00Z' };
    // 5 · 3600 / 3000 · 10 = 60 cycles per operating hour, 2000 h a year.
    const oneYearLater = new Date(Date.parse('2025-01-01T00:00:00Z') + 365.25 * 24 * 3600_000);
    expect(estimateBendingCycles(rope, installation, oneYearLater)).toBeCloseTo(220_000, 0);
    expect(estimateBendingCycles({}, installation, oneYearLater)).toBeUndefined();
  });
});
