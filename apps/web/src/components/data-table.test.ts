import { describe, expect, it } from 'vitest';
import { pageCount, pageRange } from './data-table';

describe('data table paging', () => {
  it('names the first and last row of a page', () => {
    expect(pageRange(1, 25, 46)).toEqual({ from: 1, to: 25 });
    expect(pageRange(2, 25, 46)).toEqual({ from: 26, to: 46 });
    expect(pageRange(1, 25, 0)).toEqual({ from: 0, to: 0 });
  });

  it('counts at least one page', () => {
    expect(pageCount(25, 0)).toBe(1);
    expect(pageCount(25, 50)).toBe(2);
    expect(pageCount(25, 51)).toBe(3);
  });
});
