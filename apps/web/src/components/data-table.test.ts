import { describe, expect, it } from 'vitest';
import { pageCount, pageRange, pageWindow, readPageParam, withPageParam } from './table-paging';

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

  it('cuts a page out of all rows when it pages them itself', () => {
    expect(pageWindow({ page: 2, pageSize: 10 }, 23)).toEqual({
      page: 2,
      pageCount: 3,
      total: 23,
      from: 11,
      to: 20,
      showPager: true,
    });
    expect(pageWindow({ page: 3, pageSize: 10 }, 23)).toMatchObject({ from: 21, to: 23 });
  });

  it('steps back to the last page with rows when the rows ran short, and hides the pager for one page', () => {
    expect(pageWindow({ page: 4, pageSize: 10 }, 12)).toMatchObject({ page: 2, from: 11, to: 12 });
    expect(pageWindow({ page: 0, pageSize: 10 }, 12).page).toBe(1);
    expect(pageWindow({ page: 1, pageSize: 10 }, 10).showPager).toBe(false);
    expect(pageWindow({ page: 1, pageSize: 10 }, 0)).toMatchObject({ from: 0, to: 0, showPager: false });
  });

  it('shows a server page as given and always says its range', () => {
    const page = pageWindow({ page: 3, pageSize: 25, total: 60 }, 10);
    expect(page).toMatchObject({ page: 3, pageCount: 3, total: 60, from: 51, to: 60, showPager: true });
    expect(pageWindow({ page: 1, pageSize: 25, total: 3 }, 3).showPager).toBe(true);
  });

  it('keeps the page in the address bar beside the other parameters', () => {
    const params = new URLSearchParams('zoomFrom=1&zoomTo=5');
    const third = withPageParam(params, 'eventsPage', 3);
    expect(third.toString()).toBe('zoomFrom=1&zoomTo=5&eventsPage=3');
    expect(readPageParam(third, 'eventsPage')).toBe(3);
    expect(readPageParam(third, 'tasksPage')).toBe(1);
    expect(withPageParam(third, 'eventsPage', 1).toString()).toBe('zoomFrom=1&zoomTo=5');
    expect(params.toString()).toBe('zoomFrom=1&zoomTo=5');
    for (const typed of ['two', '-1', '0', '']) {
      expect(readPageParam(new URLSearchParams({ page: typed }), 'page')).toBe(1);
    }
  });
});
