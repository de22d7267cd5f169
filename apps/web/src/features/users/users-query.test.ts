import { describe, expect, it } from 'vitest';
import { clampPage, readUsersQuery, usersQueryParams, usersQueryString } from './users-query';

describe('users query', () => {
  it('sends only what differs from the defaults', () => {
    expect(usersQueryString({ search: '', page: 1, showFree: false })).toBe('');
    expect(usersQueryString({ search: '  anna ', page: 3, showFree: true })).toBe('?search=anna&page=3&showFree=1');
    expect(usersQueryString({ search: 'a&b=c', page: 1, showFree: false })).toBe('?search=a%26b%3Dc');
    expect(usersQueryParams({ search: ' anna ', page: 3, showFree: true })).toEqual({
      search: 'anna',
      page: '3',
      showFree: '1',
    });
    expect(usersQueryParams({ search: '', page: 1, showFree: false })).toEqual({});
  });

  it('reads the address bar and ignores nonsense', () => {
    expect(readUsersQuery(new URLSearchParams('search=x&page=2&showFree=1'))).toEqual({
      search: 'x',
      page: 2,
      showFree: true,
    });
    expect(readUsersQuery(new URLSearchParams('page=-4&showFree=yes'))).toEqual({
      search: '',
      page: 1,
      showFree: false,
    });
    expect(readUsersQuery(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('clamps the page to the last page with rows', () => {
    expect(clampPage(3, 50)).toBe(2);
    expect(clampPage(2, 51)).toBe(2);
    expect(clampPage(4, 0)).toBe(1);
  });
});
