import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dataOf, typedApi } from '../../lib/typed-api';

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
  return useQuery({
    queryKey: searchKeys.filter(filter),
    queryFn: async ({ signal }) =>
      (await dataOf(typedApi.GET('/api/search', { params: { query: { filter } }, signal }))).results,
    enabled: filter !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
