import { describe, expect, it } from 'vitest';
import { positionRange, readRopeFilters, writeRopeFilters, zoomFromSelection } from './rope-filters';

describe('rope filters in the address', () => {
  it('reads zoom and damage filter, ignoring broken or reversed values', () => {
    expect(readRopeFilters(new URLSearchParams('zoomFrom=10.5&zoomTo=20&damageFilter=mrt'))).toEqual({
      zoom: { from: 10.5, to: 20 },
      damageFilter: 'mrt',
    });
    expect(readRopeFilters(new URLSearchParams('zoomFrom=20&zoomTo=10&damageFilter=x'))).toEqual({
      zoom: null,
      damageFilter: null,
    });
    expect(readRopeFilters(new URLSearchParams('zoomFrom=abc&zoomTo=10')).zoom).toBeNull();
    expect(readRopeFilters(new URLSearchParams('zoomFrom=&zoomTo=10')).zoom).toBeNull();
    expect(readRopeFilters(new URLSearchParams('zoomFrom=-5&zoomTo=0')).zoom).toEqual({ from: -5, to: 0 });
  });

  it('writes them and keeps the page’s other parameters', () => {
    const next = writeRopeFilters(new URLSearchParams('tab=events&zoomFrom=1&zoomTo=2'), {
      zoom: { from: 3, to: 4.25 },
      damageFilter: 'manual',
    });
    expect(next.toString()).toBe('tab=events&zoomFrom=3&zoomTo=4.25&damageFilter=manual');
    expect(writeRopeFilters(next, { zoom: null, damageFilter: null }).toString()).toBe('tab=events');
  });

  it('turns a drag into a zoom in either direction, rounded outwards to centimetres', () => {
    expect(zoomFromSelection(20.123, 10.987)).toEqual({ from: 10.98, to: 20.13 });
    expect(zoomFromSelection(5, 5)).toBeNull();
    expect(zoomFromSelection(Number.NaN, 5)).toBeNull();
  });

  it('maps a zoom onto the table’s position filter', () => {
    expect(positionRange({ from: 1, to: 2 })).toEqual({ positionFrom: 1, positionTo: 2 });
    expect(positionRange(null)).toEqual({});
  });
});
