import type { MandatorView } from '@rope/domain/mandators/views';
import type { MandatorBody } from '@rope/domain/users/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';

export const mandatorKeys = {
  all: ['mandators'] as const,
  list: () => [...mandatorKeys.all, 'list'] as const,
};

export function useMandators(enabled = true) {
  return useQuery({
    queryKey: mandatorKeys.list(),
    queryFn: ({ signal }) =>
      apiFetch<{ mandators: MandatorView[] }>('/mandators', { signal }).then((answer) => answer.mandators),
    enabled,
  });
}

export function useSaveMandator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mandator }: { id: number | undefined; mandator: MandatorBody }) =>
      id === undefined
        ? apiFetch<unknown>('/mandators', { method: 'POST', body: { mandator } })
        : apiFetch<unknown>(`/mandators/${id}`, { method: 'PATCH', body: { mandator } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandatorKeys.all }),
  });
}

export function useDeleteMandator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>(`/mandators/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandatorKeys.all }),
  });
}
