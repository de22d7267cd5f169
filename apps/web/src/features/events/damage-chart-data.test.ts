import { describe, expect, it } from 'vitest';
import { damageAlignedData, damageChartData, damageXRange, utilisationPercent } from './damage-chart-data';
import type { DamageChartAnswer, DamagePoint } from './types';

const point = (position: number, value: number): DamagePoint => ({
  position,
  value,
  count: 0,
  lossPct: value,
  events: [1],
  damagePosition: position,
});

function answer(result: DamageChartAnswer['result'], metric: 'lossPct' | 'brokenWires' = 'lossPct'): DamageChartAnswer {
  return {
    result,
    standard: 'EN12927',
    ruleSet: {
      name: 'EN 12927',
      edition: '2019',
      row: { id: 'r', label: 'R', metric, comparator: 'exceeds', source: 's' },
    },
    positionOffset: 0,
    damage: 54,
    health: 46,
  };
}

describe('damage chart data', () => {
  it('joins the window starts of all reference lengths on one x axis', () => {
    const data = damageChartData(
      answer([
        { multiple: 6, length: 0.24, limit: 6, utilisation: 0.43, points: [point(10, 2.59), point(30, 0.86)] },
        { multiple: 40, length: 1.6, limit: 8, utilisation: 0.54, points: [point(10, 4.32)] },
      ]),
    );
    expect(data).not.toBeNull();
    expect(data?.xs).toEqual([10, 30]);
    expect(data?.lines.map((line) => line.values)).toEqual([
      [2.59, 0.86],
      [4.32, null],
    ]);
    expect(data?.yMax).toBe(8);
    expect(data?.metric).toBe('lossPct');
    expect(damageAlignedData(data!)).toEqual([
      [10, 30],
      [2.59, 0.86],
      [4.32, null],
    ]);
  });

  it('answers null without any damage, so the section shows its empty text', () => {
    expect(damageChartData(answer([{ multiple: 6, length: 0.24, limit: 2, utilisation: 0, points: [] }]))).toBeNull();
  });

  it('ranges x over the data and the longest window, or the zoom', () => {
    const data = damageChartData(
      answer([{ multiple: 500, length: 20, limit: 25, utilisation: 0.1, points: [point(5, 1), point(100, 2)] }]),
    )!;
    expect(damageXRange(data, null)).toEqual([5, 120]);
    expect(damageXRange(data, { from: 50, to: 60 })).toEqual([50, 60]);
    const single = damageChartData(
      answer([{ multiple: 6, length: 0.24, limit: 2, utilisation: 0.5, points: [point(7, 1)] }]),
    )!;
    expect(damageXRange(single, null)).toEqual([6, 8]);
  });

  it('shows utilisation in whole percent', () => {
    expect(utilisationPercent(0.4321)).toBe(43);
    expect(utilisationPercent(1.25)).toBe(125);
  });
});
