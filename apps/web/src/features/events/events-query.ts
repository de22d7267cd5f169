import { EVENT_SEARCH_MAX_LENGTH } from '@rope/domain/events/kinds';
import type { RopeEventsQuery } from './types';

export const EVENT_PAGE_SIZES = [10, 25, 50, 0] as const;
export const DEFAULT_EVENT_PAGE_SIZE = 10;
/** The search filter waits 50 ms for the typing to settle. */
export const EVENT_SEARCH_DELAY_MS = 50;

/** The query string of GET /ropes/{id}/events; page size 0 asks for all rows. */
export function ropeEventsQueryString(query: RopeEventsQuery): string {
  const params = new URLSearchParams();
  if (query.archived) params.set('archived', '1');
  params.set('page', String(Math.max(1, query.page)));
  params.set('pageSize', String(query.pageSize));
  const search = query.search.trim();
  if (search) params.set('search', search.slice(0, EVENT_SEARCH_MAX_LENGTH));
  if (query.positionFrom !== undefined) params.set('positionFrom', String(query.positionFrom));
  if (query.positionTo !== undefined) params.set('positionTo', String(query.positionTo));
  if (query.damageFilter) params.set('damageFilter', query.damageFilter);
  return `?${params.toString()}`;
}

/** After a delete or archive the page may have run empty: the last page that still has rows. */
export function clampEventPage(page: number, pageSize: number, total: number): number {
  if (pageSize <= 0) return 1;
  return Math.min(Math.max(1, page), Math.max(1, Math.ceil(total / pageSize)));
}
