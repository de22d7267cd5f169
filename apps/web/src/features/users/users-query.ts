import { USER_SEARCH_MAX_LENGTH, USERS_PAGE_SIZE } from '@rope/domain/users/fields';
import { readPageParam } from '../../components/table-paging';

/** The users screen's list state, kept in the address. */
export interface UsersQuery {
  search: string;
  page: number;
  showFree: boolean;
}

/** The parameters of GET /api/users: only what differs from the defaults, so cache keys and addresses stay stable. */
export function usersQueryParams({ search, page, showFree }: UsersQuery): {
  search?: string;
  page?: string;
  showFree?: '1';
} {
  const text = search.trim().slice(0, USER_SEARCH_MAX_LENGTH);
  return {
    ...(text ? { search: text } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
    ...(showFree ? { showFree: '1' as const } : {}),
  };
}

/** The same as the address bar's query string (`?search=&page=&showFree=1`). */
export function usersQueryString(query: UsersQuery): string {
  const text = new URLSearchParams(usersQueryParams(query)).toString();
  return text ? `?${text}` : '';
}

/** Reads the screen's state from the address bar (`?search=&page=&showFree=1`), tolerating anything typed there. */
export function readUsersQuery(params: URLSearchParams): UsersQuery {
  return {
    search: (params.get('search') ?? '').slice(0, USER_SEARCH_MAX_LENGTH),
    page: readPageParam(params, 'page'),
    showFree: params.get('showFree') === '1',
  };
}

/** The last page that still has rows, so deleting the last row of a page does not leave an empty page. */
export function clampPage(page: number, total: number, pageSize = USERS_PAGE_SIZE): number {
  return Math.min(page, Math.max(1, Math.ceil(total / pageSize)));
}
