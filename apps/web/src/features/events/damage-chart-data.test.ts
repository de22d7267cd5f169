import {
  DAMAGE_CHART_COLUMNS,
  type DamageChartAnswer,
  damageChartAnswer,
} from '@rope/domain/ropes/damage-chart-answer';
import { computeRopeDamage } from '@rope/domain/ropes/rope-damage';
import { ropeEvent } from '@rope/domain/ropes/test-fixtures';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { describe, expect, it } from 'vitest';
import {
  damageAlignedData,
  damageChartData,
  damageWindowAt,
  damageXRange,
  damageYRange,
  damageZoomRange,
  utilisationPercent,
} from './damage-chart-data';

/** Base64 of a typed array's bytes, as the API sends its columns. */
function encode(values: Int32Array | Float32Array | Float64Array): string {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

interface Damage {
  id: number;
  position: number;
  count?: number;
  lossPct?: number;
}

interface Series {
  multiple: number;
  length: number;
  limit: number;
  utilisation: number;
  /** Per window: how many damages it holds and its sum. */
  eventCount: number[];
  value: number[];
}

/** An answer in the API's columnar shape: damages sorted by position, windows at the given damage indices. */
function answer(
  damages: Damage[],
  first: number[],
  series: Series[],
  metric: 'lossPct' | 'brokenWires' = 'lossPct',
): DamageChartAnswer {
  return {
    standard: 'EN12927',
    ruleSet: {
      name: 'EN 12927',
      edition: '2019',
      row: { id: 'r', label: 'R', metric, comparator: 'exceeds', source: 's' },
    },
    positionOffset: 0,
    status: 'computed',
    missingInputs: [],
    damage: 54,
    health: 46,
    columns: DAMAGE_CHART_COLUMNS,
    damages: {
      length: damages.length,
      id: encode(Int32Array.from(damages, (damage) => damage.id)),
      position: encode(Float64Array.from(damages, (damage) => damage.position)),
      count: encode(Int32Array.from(damages, (damage) => damage.count ?? 0)),
      lossPct: encode(Float32Array.from(damages, (damage) => damage.lossPct ?? 0)),
    },
    damageCount: damages.length,
    windows: { form: 'all', total: first.length, length: first.length, first: encode(Int32Array.from(first)) },
    result: series.map(({ eventCount, value, ...line }) => ({
      ...line,
      points: { eventCount: encode(Int32Array.from(eventCount)), value: encode(Float32Array.from(value)) },
    })),
  };
}

/** The values as the API's float32 column carries them. */
const f32 = (values: number[]) => Array.from(Float32Array.from(values));

describe('damage chart data', () => {
  it('puts the window starts of all reference lengths on one x axis', () => {
    const data = damageChartData(
      answer(
        [
          { id: 1, position: 10, lossPct: 2.59 },
          { id: 2, position: 10, lossPct: 1 },
          { id: 3, position: 30, lossPct: 0.86 },
        ],
        [0, 2],
        [
          { multiple: 6, length: 0.24, limit: 6, utilisation: 0.43, eventCount: [2, 1], value: [3.59, 0.86] },
          { multiple: 40, length: 25, limit: 8, utilisation: 0.56, eventCount: [3, 1], value: [4.45, 0.86] },
        ],
      ),
    );
    expect(data).not.toBeNull();
    expect(data?.xs).toEqual([10, 30]);
    expect(data?.lines.map((line) => line.sums)).toEqual([f32([3.59, 0.86]), f32([4.45, 0.86])]);
    // Each reference length in utilisation of its own limit: 3.59 % of a 6 % limit is 59.8 %.
    expect(data?.lines.map((line) => line.values)).toEqual([
      f32([3.59, 0.86]).map((value) => (value / 6) * 100),
      f32([4.45, 0.86]).map((value) => (value / 8) * 100),
    ]);
    expect(
      data?.lines.map(({ multiple, length, limit, utilisation }) => [multiple, length, limit, utilisation]),
    ).toEqual([
      [6, 0.24, 6, 0.43],
      [40, 25, 8, 0.56],
    ]);
    // y from 0 at least to the discard line.
    expect(data?.yMax).toBe(100);
    expect(damageYRange(data!)[0]).toBe(0);
    expect(damageYRange(data!)[1]).toBeCloseTo(110, 9);
    expect(data?.metric).toBe('lossPct');
    expect(damageAlignedData(data!)).toEqual([[10, 30], ...data!.lines.map((line) => line.values)]);
  });

  it('reaches the largest window when it lies above every limit, in broken wires', () => {
    const data = damageChartData(
      answer(
        [
          { id: 1, position: -5, count: 3 },
          { id: 2, position: 0.5, count: 9 },
        ],
        [0, 1],
        [{ multiple: 6, length: 0.24, limit: 4, utilisation: 2.25, eventCount: [1, 1], value: [3, 9] }],
        'brokenWires',
      ),
    )!;
    expect(data.xs).toEqual([-5, 0.5]);
    expect(data.lines[0]?.sums).toEqual([3, 9]);
    expect(data.lines[0]?.values).toEqual([75, 225]);
    expect(data.yMax).toBe(225);
    expect(data.metric).toBe('brokenWires');
  });

  it('answers null without any damage, so the section shows its empty text', () => {
    expect(
      damageChartData(
        answer([], [], [{ multiple: 6, length: 0.24, limit: 2, utilisation: 0, eventCount: [], value: [] }]),
      ),
    ).toBeNull();
    expect(damageChartData(answer([], [], []))).toBeNull();
  });

  it('keeps the windows of an endless rope that run over the splice point at their starts', () => {
    // Loop of 100 m: the window at 98 m runs on past the last damage to the one at 2 m.
    const data = damageChartData(
      answer(
        [
          { id: 7, position: 2, lossPct: 1 },
          { id: 5, position: 50, lossPct: 2 },
          { id: 9, position: 98, lossPct: 4 },
        ],
        [0, 1, 2],
        [{ multiple: 250, length: 10, limit: 6, utilisation: 5 / 6, eventCount: [1, 1, 2], value: [1, 2, 5] }],
      ),
    )!;
    expect(data.xs).toEqual([2, 50, 98]);
    expect(data.lines[0]?.sums).toEqual([1, 2, 5]);
    expect(data.yMax).toBe(100);
  });

  it('ranges x over the data and the longest window, or the zoom', () => {
    const data = damageChartData(
      answer(
        [
          { id: 1, position: 5 },
          { id: 2, position: 100 },
        ],
        [0, 1],
        [{ multiple: 500, length: 20, limit: 25, utilisation: 0.1, eventCount: [1, 1], value: [1, 2] }],
      ),
    )!;
    expect(damageXRange(data, null)).toEqual([5 - 5.75, 120 + 5.75]);
    expect(damageXRange(data, { from: 50, to: 60 })).toEqual([50, 60]);
    const single = damageChartData(
      answer(
        [{ id: 1, position: 7 }],
        [0],
        [{ multiple: 6, length: 0.24, limit: 2, utilisation: 0.5, eventCount: [1], value: [1] }],
      ),
    )!;
    // One position: the window's own length and a margin, never a zero-width axis.
    const [from, to] = damageXRange(single, null);
    expect(from).toBeLessThan(7);
    expect(to).toBeGreaterThan(7.24);
    expect(to - from).toBeGreaterThanOrEqual(1);
  });

  it('shows nothing to draw for an unknown damage, so the section explains why', () => {
    const unknown = {
      ...answer([{ id: 1, position: 7, count: 3 }], [], []),
      status: 'unknown' as const,
      missingInputs: ['nominalDiameter' as const],
      damage: null,
      health: null,
    };
    expect(damageChartData(unknown)).toBeNull();
  });

  it('decodes 50,000 windows in one linear pass', () => {
    const n = 50_000;
    const damages = Array.from({ length: n }, (_, i) => ({ id: i + 1, position: i * 0.5, lossPct: 0.01 }));
    const first = Array.from({ length: n }, (_, i) => i);
    const value = first.map((i) => (i % 100) / 10);
    const data = damageChartData(
      answer(damages, first, [
        { multiple: 6, length: 0.24, limit: 6, utilisation: 1.65, eventCount: new Array(n).fill(1), value },
      ]),
    )!;
    expect(data.xs).toHaveLength(n);
    expect(data.xs[n - 1]).toBe((n - 1) * 0.5);
    expect(data.lines[0]?.sums[n - 1]).toBe(Math.fround(9.9));
    expect(data.yMax).toBe((Math.fround(9.9) / 6) * 100);
  });

  it('shows utilisation in whole percent', () => {
    expect(utilisationPercent(0.4321)).toBe(43);
    expect(utilisationPercent(1.25)).toBe(125);
  });

  it('draws a rope answered as peaks: each line at its own peaks, the hovered peak telling what it holds', () => {
    const events = Array.from({ length: 6000 }, (_, i) =>
      ropeEvent(((i * 7919) % 6000) * 0.5 + 0.125, { damageCount: 1 + (i % 3) }),
    );
    const result = computeRopeDamage(WORKED_EXAMPLE_ROPE, events);
    const peaks = damageChartAnswer(result, encode);
    expect(peaks.windows.form).toBe('peaks');
    const data = damageChartData(peaks)!;
    expect(data.xs).toEqual([...data.xs].sort((a, b) => a - b));
    expect(new Set(data.xs).size).toBe(data.xs.length);
    data.lines.forEach((line, index) => {
      const drawn = line.values.flatMap((value, x) => (value === null ? [] : [x]));
      expect(drawn.length).toBe(peaks.result[index]!.peaks!.length);
      expect(Math.max(...drawn.map((x) => line.values[x]!)) / 100).toBeCloseTo(line.utilisation, 5);
      const detail = damageWindowAt(data, index, drawn[0]!)!;
      expect(detail.events).toBeGreaterThan(0);
      expect(detail.count).toBeGreaterThanOrEqual(detail.events);
      const empty = line.values.indexOf(null);
      if (empty >= 0) expect(damageWindowAt(data, index, empty)).toBeNull();
    });
    const longest = Math.max(...peaks.result.map((series) => series.length));
    expect(damageZoomRange(peaks, { from: 100, to: 120 })).toEqual({ from: 100 - longest, to: 120 });
    expect(damageZoomRange(peaks, null)).toBeNull();
    const zoomed = damageChartAnswer(result, encode, { from: 100 - longest, to: 120 });
    expect(zoomed.windows.form).toBe('all');
    expect(damageZoomRange(zoomed, { from: 100, to: 120 })).toBeNull();
    const zoomedData = damageChartData(zoomed)!;
    expect(damageWindowAt(zoomedData, 0, 0)!.events).toBeGreaterThan(0);
  });
});
