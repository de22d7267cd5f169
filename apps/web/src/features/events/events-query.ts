import type { operations } from '@rope/api-client';
import { EVENT_SEARCH_MAX_LENGTH } from '@rope/domain/events/kinds';
import type { RopeEventsQuery } from './types';

export const EVENT_PAGE_SIZES = [10, 25, 50, 0] as const;
export const DEFAULT_EVENT_PAGE_SIZE = 10;
/** The search filter waits 50 ms for the typing to settle. */
export const EVENT_SEARCH_DELAY_MS = 50;

/** The query of GET /api/ropes/{id}/events; page size 0 asks for all rows. */
export function ropeEventsQueryParams(
  query: RopeEventsQuery,
): NonNullable<operations['listRopeEvents']['parameters']['query']> {
  const search = query.search.trim();
  return {
    ...(query.archived ? { archived: '1' as const } : {}),
    page: String(Math.max(1, query.page)),
    pageSize: String(query.pageSize),
    ...(search ? { search: search.slice(0, EVENT_SEARCH_MAX_LENGTH) } : {}),
    ...(query.positionFrom !== undefined ? { positionFrom: String(query.positionFrom) } : {}),
    ...(query.positionTo !== undefined ? { positionTo: String(query.positionTo) } : {}),
    ...(query.damageFilter ? { damageFilter: query.damageFilter } : {}),
  };
}

/** The query as a string, `?page=1&pageSize=10`. */
export function ropeEventsQueryString(query: RopeEventsQuery): string {
  return `?${new URLSearchParams(ropeEventsQueryParams(query)).toString()}`;
}

/** After a delete or archive the page may have run empty: the last page that still has rows. */
export function clampEventPage(page: number, pageSize: number, total: number): number {
  if (pageSize <= 0) return 1;
  return Math.min(Math.max(1, page), Math.max(1, Math.ceil(total / pageSize)));
}

/** The events table as the rope page opens it: first page, no filter (what the device refreshes for the field). */
export const FIRST_EVENTS_PAGE: RopeEventsQuery = {
  archived: false,
  page: 1,
  pageSize: DEFAULT_EVENT_PAGE_SIZE,
  search: '',
};
