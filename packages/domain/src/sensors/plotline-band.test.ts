import { describe, expect, it } from 'vitest';
import { plotlineCrossed, plotlineExcursions } from './plotline-band.ts';

const line = (name: string, position: number) => ({ name, position, color: '#ff0000' });

describe('readings outside the plotlines', () => {
  it('takes one plotline as a limit from above, a value on it inside', () => {
    const max = line('Max load', 120);
    expect(plotlineCrossed(121, [max])).toEqual(max);
    expect(plotlineCrossed(120, [max])).toBeNull();
    expect(plotlineCrossed(-500, [max])).toBeNull();
  });

  it('takes two or more as a band, whatever their order', () => {
    const low = line('Min', -5);
    const high = line('Max', 40);
    const middle = line('Warn', 30);
    expect(plotlineCrossed(41, [high, middle, low])).toEqual(high);
    expect(plotlineCrossed(-6, [high, middle, low])).toEqual(low);
    expect(plotlineCrossed(35, [high, middle, low])).toBeNull();
    expect(plotlineCrossed(7, [])).toBeNull();
  });

  it('reports each excursion once, at its first reading, and carries the state across batches', () => {
    const lines = [line('Min', 0), line('Max', 10)];
    const readings = [5, 11, 12, 9, -1, -2, 3, 15].map((value, i) => ({ value, i }));
    const { excursions, outsideAfter } = plotlineExcursions(readings, lines, false);
    expect(excursions.map((e) => [e.reading.i, e.plotline.name])).toEqual([
      [1, 'Max'],
      [4, 'Min'],
      [7, 'Max'],
    ]);
    expect(outsideAfter).toBe(true);
    const next = plotlineExcursions([{ value: 20, i: 8 }], lines, outsideAfter);
    expect(next.excursions).toEqual([]);
  });
});
