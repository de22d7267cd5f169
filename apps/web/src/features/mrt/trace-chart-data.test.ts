import { describe, expect, it } from 'vitest';
import { rangeAround, visibleCandidates, zoomFromDrag } from './trace-chart-data';

describe('the MRT trace chart', () => {
  it('zooms to a drag in either direction, not to a click', () => {
    expect(zoomFromDrag(30, 10)).toEqual({ from: 10, to: 30 });
    expect(zoomFromDrag(10, 10.05)).toBeNull();
    expect(zoomFromDrag(Number.NaN, 3)).toBeNull();
  });

  it('looks at a candidate from a metre either side and marks only those in view', () => {
    expect(rangeAround(101.8)).toEqual({ from: 100.8, to: 102.8 });
    const candidate = (position: number) => ({
      index: 0,
      position,
      amplitude: 5,
      status: 'open' as const,
      damageEvent: null,
    });
    expect(visibleCandidates([candidate(5), candidate(50)], { from: 0, to: 10 })).toEqual([candidate(5)]);
  });
});
