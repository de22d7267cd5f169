import { describe, expect, it } from 'vitest';
import { adminListQueryParams, adminListQueryString, clampPage, readAdminListQuery } from './admin-list-query';

describe('admin list query', () => {
  it('keeps only what differs from the defaults', () => {
    expect(adminListQueryString({ search: '  ', page: 1 })).toBe('');
    expect(adminListQueryString({ search: ' SB-0 ', page: 3 })).toBe('?search=SB-0&page=3');
    expect(adminListQueryParams({ search: '  ', page: 1 })).toEqual({ search: undefined, page: undefined });
    expect(adminListQueryParams({ search: ' SB-0 ', page: 3 })).toEqual({ search: 'SB-0', page: 3 });
  });

  it('reads the address, tolerating anything typed there', () => {
    expect(readAdminListQuery(new URLSearchParams('search=haul&page=x'))).toEqual({ search: 'haul', page: 1 });
    expect(readAdminListQuery(new URLSearchParams(`search=${'a'.repeat(300)}`)).search).toHaveLength(255);
  });

  it('steps back to the last page with rows', () => {
    expect(clampPage(5, 30, 25)).toBe(2);
    expect(clampPage(1, 0, 25)).toBe(1);
  });
});
