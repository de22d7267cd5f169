import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { damageChartAnswer, damageWindow, decodeDamageChart } from './damage-chart-answer.ts';
import { DAMAGE_CHART_BINS, DAMAGE_CHART_MOST_WINDOWS } from './damage-chart-form.ts';
import { computeRopeDamage } from './rope-damage.ts';
import { ropeEvent } from './test-fixtures.ts';
import { windowPoints } from './windows.ts';
import { WORKED_EXAMPLE_ROPE } from './worked-example.ts';

const base64 = (values: Int32Array | Float32Array | Float64Array) =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');

/** Seeded damages along a rope: wire breaks and losses in percent at random positions. */
function damagesAlong(count: number, length: number, seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: count }, () =>
    ropeEvent(Math.round(random() * length * 1000) / 1000, {
      damageCount: 1 + Math.floor(random() * 3),
      ...(random() < 0.3 ? { crossSectionLossAmount: random() * 2, crossSectionLossUnit: 'percent' as const } : {}),
    }),
  );
}

describe('what the damage chart answer shows', () => {
  it('sends every window with its damages while a chart can show them, as windowPoints reads them', () => {
    const result = computeRopeDamage(WORKED_EXAMPLE_ROPE, damagesAlong(300, 800, 1));
    if (result.status !== 'computed') throw new Error('computed expected');
    const chart = decodeDamageChart(damageChartAnswer(result, base64));
    expect(chart.form).toBe('all');
    result.series.forEach((series, index) => {
      const expected = windowPoints(result.damages, series.windows);
      expect(chart.first.length).toBe(expected.length);
      expected.forEach((point, w) => {
        const window = damageWindow(chart, index, w);
        expect(window.position).toBe(point.position);
        expect(window.events).toEqual(point.events);
        expect(window.count).toBe(point.count);
        expect(window.lossPct).toBeCloseTo(point.lossPct, 4);
      });
    });
  });

  it('answers a range with the windows starting in it, on an endless rope across the splice point', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (seed, from, width) => {
          const loopLength = 400;
          const result = computeRopeDamage(WORKED_EXAMPLE_ROPE, damagesAlong(120, loopLength, seed), { loopLength });
          if (result.status !== 'computed') throw new Error('computed expected');
          const chart = decodeDamageChart(damageChartAnswer(result, base64, { from, to: from + width }));
          result.series.forEach((series, index) => {
            const expected = windowPoints(result.damages, series.windows).filter(
              (point) => point.position >= from && point.position <= from + width,
            );
            const shown = Array.from(chart.first, (_, w) => damageWindow(chart, index, w));
            expect(shown.map((window) => window.position)).toEqual(expected.map((point) => point.position));
            expect(shown.map((window) => window.events)).toEqual(expected.map((point) => point.events));
            expect(Array.from(chart.series[index]!.value)).toEqual(expected.map((point) => Math.fround(point.sum)));
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers the peaks of a rope with more windows than a chart shows: the highest window per bin, exactly', () => {
    const result = computeRopeDamage(WORKED_EXAMPLE_ROPE, damagesAlong(12_000, 5000, 7));
    if (result.status !== 'computed') throw new Error('computed expected');
    const answer = damageChartAnswer(result, base64);
    expect(answer.windows).toMatchObject({ form: 'peaks', length: 0 });
    expect(answer.windows.total).toBeGreaterThan(DAMAGE_CHART_MOST_WINDOWS);
    expect(answer.damages.length).toBe(0);
    expect(answer.damageCount).toBe(12_000);
    const chart = decodeDamageChart(answer);
    result.series.forEach((series, index) => {
      const peaks = chart.series[index]!.peaks!;
      const points = windowPoints(result.damages, series.windows);
      const from = points[0]!.position;
      const span = points[points.length - 1]!.position - from;
      const binOf = (position: number) =>
        Math.min(DAMAGE_CHART_BINS - 1, Math.floor(((position - from) / span) * DAMAGE_CHART_BINS));
      const highest = new Map<number, (typeof points)[number]>();
      for (const point of points) {
        const kept = highest.get(binOf(point.position));
        if (!kept || point.sum > kept.sum) highest.set(binOf(point.position), point);
      }
      expect(peaks.position.length).toBe(highest.size);
      expect(peaks.position.length).toBeLessThanOrEqual(DAMAGE_CHART_BINS);
      [...highest.values()].forEach((point, k) => {
        expect(peaks.position[k]).toBe(point.position);
        expect(peaks.value[k]).toBe(Math.fround(point.sum));
        expect(peaks.eventCount[k]).toBe(point.eventCount);
        expect(peaks.count[k]).toBe(point.count);
        expect(peaks.lossPct[k]).toBeCloseTo(point.lossPct, 4);
      });
      // The governing window is among the peaks: the chart's highest point is the rope's utilisation.
      expect(Math.max(...peaks.value) / series.limit).toBeCloseTo(series.utilisation, 6);
    });
  });

  it('answers a range that ends before it starts with no windows', () => {
    const result = computeRopeDamage(WORKED_EXAMPLE_ROPE, damagesAlong(50, 300, 3));
    if (result.status !== 'computed') throw new Error('computed expected');
    const answer = damageChartAnswer(result, base64, { from: 200, to: 100 });
    expect(answer.windows).toMatchObject({ form: 'all', total: 0, length: 0 });
    expect(answer.damage).toBe(result.damage);
  });

  it('answers peaks when a few windows hold more damages than a chart sends, as a hostile import could make', () => {
    const events = Array.from({ length: 9000 }, (_, i) => ropeEvent(100 + (i % 3) * 0.001, { damageCount: 1 }));
    const result = computeRopeDamage(WORKED_EXAMPLE_ROPE, events);
    if (result.status !== 'computed') throw new Error('computed expected');
    const chart = decodeDamageChart(damageChartAnswer(result, base64));
    expect(chart.form).toBe('peaks');
    expect(chart.series[0]!.peaks!.count[0]).toBe(9000);
  });
});
