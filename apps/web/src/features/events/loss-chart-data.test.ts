import type { LossOverTargetAnswer } from '@rope/domain/events/views';
import { forecastDiscard } from '@rope/domain/ropes/forecast';
import { describe, expect, it } from 'vitest';
import { cyclesAt, forecastAvailable, lossChartData, rangeQuery, rangeStart } from './loss-chart-data';

const now = new Date('2025-06-15T12:00:00.000Z');

describe('range buttons', () => {
  it('count back from now', () => {
    expect(rangeStart('1D', now)?.toISOString()).toBe('2025-06-14T12:00:00.000Z');
    expect(rangeStart('1M', now)?.getMonth()).toBe(4);
    expect(rangeStart('6M', now)?.getMonth()).toBe(11);
    expect(rangeStart('6M', now)?.getFullYear()).toBe(2024);
    expect(rangeStart('1Y', now)?.getFullYear()).toBe(2024);
    expect(rangeStart('All', now)).toBeUndefined();
  });

  it('ask for an instant on the time axis and for cycles on the other', () => {
    const pairs: [number, string][] = [
      [100_000, '2024-06-15T12:00:00.000Z'],
      [300_000, '2025-06-15T12:00:00.000Z'],
    ];
    expect(rangeQuery('1D', 'timestamp', now, pairs)).toEqual({ from: '2025-06-14T12:00:00.000Z' });
    expect(rangeQuery('1Y', 'bendingCycles', now, pairs)).toEqual({ from: '100000' });
    expect(rangeQuery('All', 'bendingCycles', now, pairs)).toEqual({});
    expect(rangeQuery('1Y', 'bendingCycles', now, [])).toEqual({});
  });

  it('interpolate and extrapolate cycles between known pairs', () => {
    const pairs: [number, string][] = [
      [200, '2025-01-03T00:00:00.000Z'],
      [0, '2025-01-01T00:00:00.000Z'],
    ];
    expect(cyclesAt(Date.parse('2025-01-02T00:00:00.000Z'), pairs)).toBe(100);
    expect(cyclesAt(Date.parse('2025-01-04T00:00:00.000Z'), pairs)).toBe(300);
    expect(cyclesAt(Date.parse('2024-12-01T00:00:00.000Z'), pairs)).toBe(0);
    expect(cyclesAt(0, [[1, '2025-01-01T00:00:00.000Z']])).toBeUndefined();
  });
});

const vector = [
  { x: 200_000, damage: 10 },
  { x: 400_000, damage: 20 },
  { x: 600_000, damage: 40 },
];
function lossAnswer(withForecast = true): LossOverTargetAnswer {
  return {
    result: vector.map((point, i) => ({
      timestamp: `202${i}-01-01T00:00:00.000Z`,
      bendingCycles: point.x,
      damage: point.damage,
      maxLossPct: point.damage / 10,
    })),
    status: 'computed',
    missingInputs: [],
    standard: 'EN12927',
    limits: [{ multiple: 6, limit: 6 }],
    bendingCyclesToTimestamp: [],
    forecast: withForecast ? forecastDiscard(vector) : null,
  };
}

describe('loss chart data', () => {
  it('enables the forecast from three points with an answer', () => {
    expect(forecastAvailable(lossAnswer())).toBe(true);
    expect(forecastAvailable(lossAnswer(false))).toBe(false);
    expect(forecastAvailable({ ...lossAnswer(), result: lossAnswer().result.slice(0, 2) })).toBe(false);
    expect(forecastAvailable(undefined)).toBe(false);
  });

  it('offers the expected service life below three points on the bending-cycle axis, drawn from a new rope', () => {
    const two = {
      ...lossAnswer(),
      result: lossAnswer().result.slice(0, 2),
      forecast: forecastDiscard(vector.slice(0, 2)),
    };
    expect(two.forecast.model).toBe('serviceLife');
    expect(forecastAvailable(two, 'bendingCycles')).toBe(true);
    expect(forecastAvailable(two, 'timestamp')).toBe(false);
    const data = lossChartData(two, 'bendingCycles', true);
    expect(data.forecast?.discardAt).toBe(1_000_000);
    expect(data.xs[0]).toBe(0);
    expect(data.forecast?.line[0]).toBe(0);
    expect(data.forecast?.discard[data.xs.indexOf(1_000_000)]).toBe(100);
    expect(data.damage.filter((value) => value !== null)).toEqual([10, 20]);
    expect(lossChartData(two, 'timestamp', true).forecast).toBeUndefined();
  });

  it('draws damage and the limit; y from 0 up to at least 10', () => {
    const data = lossChartData(lossAnswer(), 'bendingCycles', false);
    expect(data.xs).toEqual([200_000, 400_000, 600_000]);
    expect(data.damage).toEqual([10, 20, 40]);
    expect(data.limit).toEqual([100, 100, 100]);
    expect(data.forecast).toBeUndefined();
    expect(data.yMax).toBeCloseTo(44);
    const small = lossChartData(
      { ...lossAnswer(), result: [{ ...lossAnswer().result[0]!, damage: 1 }] },
      'bendingCycles',
      false,
    );
    expect(small.yMax).toBe(10);
  });

  it("draws a long rope's 200,000 points", () => {
    const point = lossAnswer().result[0]!;
    const result = Array.from({ length: 200_000 }, (_, i) => ({ ...point, bendingCycles: i, damage: i / 4_000 }));
    const data = lossChartData({ ...lossAnswer(), result }, 'bendingCycles', false);
    expect(data.xs).toHaveLength(200_000);
    expect(data.yMax).toBeCloseTo(55);
  });

  it('draws the forecast to the discard point with the ±30 % band', () => {
    const data = lossChartData(lossAnswer(), 'bendingCycles', true);
    const forecast = data.forecast!;
    expect(forecast.discardAt).toBeGreaterThan(863_000);
    expect(forecast.discardAt).toBeLessThan(865_000);
    expect(forecast.bandFrom).toBeCloseTo(forecast.discardAt * 0.7);
    expect(forecast.bandTo).toBeCloseTo(forecast.discardAt * 1.3);
    const at = data.xs.indexOf(forecast.discardAt);
    expect(forecast.discard[at]).toBe(100);
    expect(forecast.line[at]).toBeCloseTo(100);
    expect(forecast.discard.filter((value) => value !== null)).toHaveLength(1);
    // Each band line reaches the limit at its end of the band: the early one earlier, the late one later.
    const early = data.xs.findIndex((_, i) => (forecast.early[i] ?? 0) >= 100);
    const late = data.xs.findIndex((_, i) => (forecast.late[i] ?? 0) >= 100);
    expect(data.xs[early]).toBeLessThan(forecast.discardAt);
    expect(data.xs[late]).toBeGreaterThan(forecast.discardAt);
    expect(data.xs).toEqual([...data.xs].sort((a, b) => a - b));
  });

  it('uses seconds on the time axis', () => {
    const data = lossChartData(lossAnswer(false), 'timestamp', false);
    expect(data.xs[0]).toBe(Date.parse('2020-01-01T00:00:00.000Z') / 1000);
  });
});
