import type { SearchEntry } from '@rope/domain/search/views';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';

export const searchKeys = {
  all: ['search'] as const,
  filter: (filter: string) => [...searchKeys.all, filter] as const,
};

/** The filter as it is sent: blanks around it do not count; an empty filter asks nothing. */
export function searchFilter(text: string): string {
  return text.trim().slice(0, 100);
}

/** GET /api/search?filter=: what the user may see, ranked by the server; the last results stay while typing. */
export function useSearch(text: string) {
  const filter = searchFilter(text);
  return useQuery<SearchEntry[]>({
    queryKey: searchKeys.filter(filter),
    queryFn: ({ signal }) =>
      apiFetch<{ results: SearchEntry[] }>(`/search?${new URLSearchParams({ filter })}`, { signal }).then(
        (answer) => answer.results,
      ),
    enabled: filter !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
