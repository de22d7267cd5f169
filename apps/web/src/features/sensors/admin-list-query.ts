import { readPageParam } from '../../components/table-paging';

/** The search of the sensor device and smartrope lists, as the API's query takes it (255 characters at most). */
export const ADMIN_LIST_SEARCH_MAX_LENGTH = 255;

/** An admin list's state, kept in the address: what is searched and which page. */
export interface AdminListQuery {
  search: string;
  page: number;
}

/** The query of the list call: only what differs from the defaults (the rest left out), so cache keys stay stable. */
export function adminListQueryParams({ search, page }: AdminListQuery): { search?: string; page?: number } {
  const text = search.trim().slice(0, ADMIN_LIST_SEARCH_MAX_LENGTH);
  return { search: text || undefined, page: page > 1 ? page : undefined };
}

/** The list's state as the address bar keeps it: the list call's query as a query string. */
export function adminListQueryString(query: AdminListQuery): string {
  const params = new URLSearchParams();
  const { search, page } = adminListQueryParams(query);
  if (search !== undefined) params.set('search', search);
  if (page !== undefined) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
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
