import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AdminListQuery, adminListQueryString, clampPage, readAdminListQuery } from './admin-list-query';

const SEARCH_DELAY_MS = 300;

export interface AdminList {
  query: AdminListQuery;
  searchText: string;
  setSearchText: (text: string) => void;
  setPage: (page: number) => void;
  /** Steps back to the last page with rows once the list's total is known. */
  keepPageWithin: (total: number | undefined) => void;
}

/**
 * An admin list's search and page, kept in the address: the search text applies once typing pauses (and starts over
 * at page 1), and a page past the end steps back to the last one with rows.
 */
export function useAdminList(pageSize: number): AdminList {
  const [params, setParams] = useSearchParams();
  const query = readAdminListQuery(params);
  const [searchText, setSearchText] = useState(query.search);
  const [debouncedSearch] = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const [total, setTotal] = useState<number | undefined>(undefined);
  const setQuery = (next: AdminListQuery, replace = false) =>
    setParams(new URLSearchParams(adminListQueryString(next)), { replace });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text changes the address
  useEffect(() => {
    if (debouncedSearch.trim() !== query.search.trim()) setQuery({ search: debouncedSearch, page: 1 }, true);
  }, [debouncedSearch]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a new total only
  useEffect(() => {
    if (total !== undefined && clampPage(query.page, total, pageSize) !== query.page) {
      setQuery({ ...query, page: clampPage(query.page, total, pageSize) }, true);
    }
  }, [total]);

  return {
    query,
    searchText,
    setSearchText,
    setPage: (page) => setQuery({ ...query, page }),
    keepPageWithin: setTotal,
  };
}
