import type { MandatorBody } from '@rope/domain/users/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, typedApi } from '../../lib/typed-api';

export const mandatorKeys = {
  all: ['mandators'] as const,
  list: () => [...mandatorKeys.all, 'list'] as const,
};

export function useMandators(enabled = true) {
  return useQuery({
    queryKey: mandatorKeys.list(),
    queryFn: ({ signal }) => dataOf(typedApi.GET('/api/mandators', { signal })).then((answer) => answer.mandators),
    enabled,
  });
}

export function useSaveMandator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mandator }: { id: number | undefined; mandator: MandatorBody }) =>
      id === undefined
        ? dataOf(typedApi.POST('/api/mandators', { body: { mandator } }))
        : dataOf(typedApi.PATCH('/api/mandators/{id}', { params: { path: { id: String(id) } }, body: { mandator } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandatorKeys.all }),
  });
}

export function useDeleteMandator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => typedApi.DELETE('/api/mandators/{id}', { params: { path: { id: String(id) } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandatorKeys.all }),
  });
}
