/** 1-based first and last row of a page, for the "{{from}}–{{to}} of {{total}}" text. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}

export function pageCount(pageSize: number, total: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

export interface PageWindow {
  /** The page shown: the one asked for, or the last one with rows when the rows ran short (after a delete). */
  page: number;
  pageCount: number;
  total: number;
  from: number;
  to: number;
  /** Whether the pager row (summary and controls) shows. */
  showPager: boolean;
}

/**
 * Which rows one page shows. With `total` the server paged and the rows given are that page; without it the rows
 * given are all rows and the table cuts the page out itself (after sorting them). A server-paged list always says its range; a list
 * paged here shows its pager only once the rows need more than one page.
 */
export function pageWindow(paging: { page: number; pageSize: number; total?: number }, rowCount: number): PageWindow {
  const serverPaged = paging.total !== undefined;
  const total = paging.total ?? rowCount;
  const pages = pageCount(paging.pageSize, total);
  const page = serverPaged ? paging.page : Math.min(Math.max(1, paging.page), pages);
  const { from, to } = pageRange(page, paging.pageSize, total);
  return { page, pageCount: pages, total, from, to, showPager: serverPaged || total > paging.pageSize };
}

/** A page number from the address bar, tolerating anything typed there (1 when missing or not a page). */
export function readPageParam(params: URLSearchParams, name: string): number {
  const page = Number.parseInt(params.get(name) ?? '', 10);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** The address bar's parameters with a page set; the first page is the default, so it leaves the address. */
export function withPageParam(params: URLSearchParams, name: string, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(name, String(page));
  else next.delete(name);
  return next;
}
