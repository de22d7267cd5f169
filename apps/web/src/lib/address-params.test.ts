import { describe, expect, it } from 'vitest';
import { changedSearch } from './address-params';

describe('changedSearch', () => {
  it('changes the parameters as they are now and keeps the others', () => {
    const reset = (current: URLSearchParams) => {
      current.delete('zoomFrom');
      current.delete('zoomTo');
      return current;
    };
    expect(changedSearch('?zoomFrom=1&zoomTo=2&eventsPage=3', reset)).toBe('eventsPage=3');
    expect(changedSearch('?zoomFrom=1&zoomTo=2', reset)).toBe('');
  });

  it('says when a change changes nothing, so no navigation is made', () => {
    const firstPage = (current: URLSearchParams) => {
      current.delete('eventsPage');
      return current;
    };
    expect(changedSearch('?zoomFrom=1&zoomTo=2', firstPage)).toBeNull();
    expect(changedSearch('', firstPage)).toBeNull();
  });
});
