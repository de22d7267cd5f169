import { useCallback, useMemo } from 'react';
import { useAddressParams } from '../../lib/address-params';
import type { DamageFilter } from './types';

/**
 * The filters the damage chart and the events table share live in the rope page's address
 * (`?zoomFrom=&zoomTo=&damageFilter=`), so both sections read them, and a reload or a shared link keeps them.
 */
export interface RopeFilters {
  /** Chart zoom along the rope, m (datum positions). */
  zoom: { from: number; to: number } | null;
  damageFilter: DamageFilter | null;
}

const ZOOM_DECIMALS = 2;

function readNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

export function readRopeFilters(params: URLSearchParams): RopeFilters {
  const from = readNumber(params.get('zoomFrom'));
  const to = readNumber(params.get('zoomTo'));
  const filter = params.get('damageFilter');
  return {
    zoom: from !== undefined && to !== undefined && from < to ? { from, to } : null,
    damageFilter: filter === 'manual' || filter === 'mrt' ? filter : null,
  };
}

/** The address with the filters set; any other parameter of the page stays as it was. */
export function writeRopeFilters(params: URLSearchParams, filters: RopeFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('zoomFrom');
  next.delete('zoomTo');
  next.delete('damageFilter');
  if (filters.zoom) {
    next.set('zoomFrom', String(filters.zoom.from));
    next.set('zoomTo', String(filters.zoom.to));
  }
  if (filters.damageFilter) next.set('damageFilter', filters.damageFilter);
  return next;
}

/** A drag on the chart (two x values in m, either order) as a zoom; a drag too short to mean anything is none. */
export function zoomFromSelection(a: number, b: number): RopeFilters['zoom'] {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  const factor = 10 ** ZOOM_DECIMALS;
  const from = Math.floor(Math.min(a, b) * factor) / factor;
  const to = Math.ceil(Math.max(a, b) * factor) / factor;
  return to > from ? { from, to } : null;
}

/** The table's position filter for a zoom: events inside [from, to]. */
export function positionRange(zoom: RopeFilters['zoom']): { positionFrom?: number; positionTo?: number } {
  return zoom ? { positionFrom: zoom.from, positionTo: zoom.to } : {};
}

export function useRopeFilters() {
  const [params, setParams] = useAddressParams();
  const filters = useMemo(() => readRopeFilters(params), [params]);
  const update = useCallback(
    (change: Partial<RopeFilters>) =>
      setParams((current) => writeRopeFilters(current, { ...readRopeFilters(current), ...change }), { replace: true }),
    [setParams],
  );
  return { filters, update };
}
