import { ROLE_PERMISSIONS } from '@rope/domain/access/permissions';
import type { AreaView } from '@rope/domain/hierarchy/views';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkForm } from '../../lib/domain-form';
import { startPath } from '../shell/nav-items';
import { filterAreas, groupUsersByMandator, oneAreaPerMandator } from './area-filter';
import { type AreaFormValues, areaFormSpec, initialAreaValues, keepDefaultLayer, toAreaInput } from './area-form';
import { createDelayedClick } from './delayed-click';
import { moveItem } from './reorder';
import { readShowAs, SHOW_AS_STORAGE_KEY, writeShowAs } from './show-as';

function area(id: number, name: string, mandator: { id: number; name: string }): AreaView {
  return {
    id,
    name,
    mandator,
    adminUserId: null,
    isMap: true,
    mapZoom: 13,
    mapBaseLayers: ['openStreetMap'],
    mapDefaultBaseLayer: 'openStreetMap',
    latlng: null,
    isDeleted: false,
    damages: null,
  };
}
const alpina = { id: 1, name: 'Alpina' };
const tirol = { id: 2, name: 'Tirol' };
const areas = [area(1, 'Zermatt', alpina), area(2, 'Ischgl', tirol), area(3, 'Verbier', alpina)];

function keysOf(values: AreaFormValues, fullEdit: boolean): Record<string, string> {
  const checked = checkForm(areaFormSpec(fullEdit), values);
  return checked.ok ? {} : Object.fromEntries(Object.entries(checked.messages).map(([field, m]) => [field, m.key]));
}

describe('areas list', () => {
  it('filters by name case-insensitively, by mandator only where the column shows', () => {
    expect(filterAreas(areas, 'zERM', false).map((a) => a.name)).toEqual(['Zermatt']);
    expect(filterAreas(areas, '  ', false)).toHaveLength(3);
    expect(filterAreas(areas, 'tirol', false)).toEqual([]);
    expect(filterAreas(areas, 'tirol', true).map((a) => a.name)).toEqual(['Ischgl']);
  });

  it('asks one area per mandator for the show-as candidates and lists each user once', () => {
    expect(oneAreaPerMandator(areas)).toEqual([
      { areaId: 1, mandator: 'Alpina' },
      { areaId: 2, mandator: 'Tirol' },
    ]);
    const groups = groupUsersByMandator(
      [
        {
          mandator: 'Alpina',
          users: [
            { id: 5, name: 'Laura', email: 'l@x' },
            { id: 9, name: 'Me', email: 'me@x' },
          ],
        },
        { mandator: 'Tirol', users: [{ id: 5, name: 'Laura', email: 'l@x' }] },
      ],
      9,
    );
    expect(groups).toEqual([{ group: 'Alpina', items: [{ value: '5', label: 'Laura (l@x)' }] }]);
  });

  it('keeps the show-as choice under areaShowAs', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    writeShowAs(storage, 42);
    expect(store.get(SHOW_AS_STORAGE_KEY)).toBe('42');
    expect(readShowAs(storage)).toBe(42);
    writeShowAs(storage, null);
    expect(readShowAs(storage)).toBeNull();
    store.set(SHOW_AS_STORAGE_KEY, 'nonsense');
    expect(readShowAs(storage)).toBeNull();
  });
});

describe('delayed click', () => {
  afterEach(() => vi.useRealTimers());

  it('opens after the delay, and a double click cancels it', () => {
    vi.useFakeTimers();
    const open = vi.fn();
    const delayed = createDelayedClick(300, open);
    delayed.click('a');
    vi.advanceTimersByTime(299);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledWith('a');

    open.mockClear();
    delayed.click('b');
    delayed.click('b');
    delayed.cancel();
    vi.advanceTimersByTime(1000);
    expect(open).not.toHaveBeenCalled();
  });
});

describe('reordering', () => {
  const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('names the item the moved one now stands before, or null at the end', () => {
    expect(moveItem(items, 3, 1)).toEqual({ next: [{ id: 3 }, { id: 1 }, { id: 2 }], beforeId: 1 });
    expect(moveItem(items, 1, 3)).toEqual({ next: [{ id: 2 }, { id: 3 }, { id: 1 }], beforeId: null });
    expect(moveItem(items, 1, 2)).toEqual({ next: [{ id: 2 }, { id: 1 }, { id: 3 }], beforeId: 3 });
    expect(moveItem(items, 2, 2)).toBeUndefined();
  });
});

describe('area form', () => {
  it('requires name, mandator and zoom for admins with the domain’s messages', () => {
    const values = { ...initialAreaValues(undefined), mapZoom: '' };
    expect(keysOf(values, true)).toMatchObject({
      name: 'validation.required',
      mandatorId: 'validation.selectRequired',
      mapZoom: 'validation.required',
    });
  });

  it('checks the zoom range and step, the layers and an incomplete position', () => {
    const base = { ...initialAreaValues(area(1, 'A', alpina)) };
    expect(keysOf({ ...base, mapZoom: 28 }, false).mapZoom).toBe('validation.zoomRange');
    expect(keysOf({ ...base, mapZoom: 13.55 }, false).mapZoom).toBe('validation.zoomRange');
    expect(keysOf({ ...base, mapZoom: 13.5 }, false)).toEqual({});
    expect(keysOf({ ...base, mapBaseLayers: [] }, false)).toEqual({
      mapBaseLayers: 'validation.baseLayerRequired',
      mapDefaultBaseLayer: 'areas.dialog.errors.defaultLayer',
    });
    expect(keysOf({ ...base, lat: 46.5 }, false).lng).toBe('areas.dialog.errors.positionIncomplete');
    expect(keysOf({ ...base, lat: 95, lng: 8 }, false).lat).toBe('validation.max');
  });

  it('sends the full fields only with AREA_FULL_EDIT', () => {
    const values = { ...initialAreaValues(area(1, 'A', alpina)), lat: 46.8, lng: 8.2 };
    expect(toAreaInput(values, false)).not.toHaveProperty('name');
    expect(toAreaInput(values, true)).toMatchObject({
      name: 'A',
      mandatorId: 1,
      adminUserId: null,
      latlng: [46.8, 8.2],
    });
    expect(keepDefaultLayer(['swissImage'], 'openStreetMap')).toBe('swissImage');
  });
});

describe('start path', () => {
  const user = (role: 'ROLE_USER' | 'ROLE_FREE_USER', single: number | null) => ({
    isAdmin: false,
    permissions: [...ROLE_PERMISSIONS[role]],
    isSingleArea: single !== null,
    singleAreaId: single,
  });
  it('sends single-area users into their area, area users to /areas, free users to what they may use', () => {
    expect(startPath(user('ROLE_USER', 7))).toBe('/areas/7');
    expect(startPath(user('ROLE_USER', null))).toBe('/areas');
    expect(startPath(user('ROLE_FREE_USER', null))).toBe('/general-documents');
  });
});
