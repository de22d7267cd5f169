import { describe, expect, it } from 'vitest';
import { clampEventPage, ropeEventsQueryString } from './events-query';

describe('events query', () => {
  it('asks the server for one page with the filters', () => {
    expect(
      ropeEventsQueryString({
        archived: true,
        page: 2,
        pageSize: 25,
        search: '  wire ',
        positionFrom: 10,
        positionTo: 20.5,
        damageFilter: 'mrt',
      }),
    ).toBe('?archived=1&page=2&pageSize=25&search=wire&positionFrom=10&positionTo=20.5&damageFilter=mrt');
  });

  it('asks for all rows with page size 0 and leaves out empty filters', () => {
    expect(ropeEventsQueryString({ archived: false, page: 0, pageSize: 0, search: ' ' })).toBe('?page=1&pageSize=0');
  });

  it('steps back to the last page that has rows', () => {
    expect(clampEventPage(3, 10, 21)).toBe(3);
    expect(clampEventPage(3, 10, 20)).toBe(2);
    expect(clampEventPage(3, 10, 0)).toBe(1);
    expect(clampEventPage(3, 0, 100)).toBe(1);
  });
});
