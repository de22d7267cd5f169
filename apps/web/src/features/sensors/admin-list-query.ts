import { readPageParam } from '../../components/table-paging';

/** The search of the sensor device and smartrope lists, as the API's query takes it (255 characters at most). */
export const ADMIN_LIST_SEARCH_MAX_LENGTH = 255;

/** An admin list's state, kept in the address: what is searched and which page. */
export interface AdminListQuery {
  search: string;
  page: number;
}

/** The query string of the list call: only what differs from the defaults, so cache keys stay stable. */
export function adminListQueryString({ search, page }: AdminListQuery): string {
  const params = new URLSearchParams();
  const text = search.trim().slice(0, ADMIN_LIST_SEARCH_MAX_LENGTH);
  if (text) params.set('search', text);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Reads the list's state from the address bar (`?search=&page=`), tolerating anything typed there. */
export function readAdminListQuery(params: URLSearchParams): AdminListQuery {
  return {
    search: (params.get('search') ?? '').slice(0, ADMIN_LIST_SEARCH_MAX_LENGTH),
    page: readPageParam(params, 'page'),
  };
}

/** The last page that still has rows: a page typed past the end, or emptied, steps back to it. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(page, Math.max(1, Math.ceil(total / pageSize)));
}
