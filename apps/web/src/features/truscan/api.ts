import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dataOf, listenToEvents, typedApi } from '../../lib/typed-api';

export const truscanKeys = {
  state: (ropeId: number) => ['truscan', ropeId] as const,
};

/**
 * The rope's TRUscan, live while the page is open: read once, then every change the server pushes (Server-Sent
 * Events) replaces it. The browser reconnects after a drop and the server sends the whole state again.
 */
export function useTruscanState(ropeId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: truscanKeys.state(ropeId),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/ropes/{id}/truscan', { params: { path: { id: String(ropeId) } }, signal })),
  });
  useEffect(() => {
    // A frame that is not JSON changes nothing (listenToEvents skips it); the next one brings the whole state.
    return listenToEvents('/api/ropes/{id}/truscan/live', {
      params: { path: { id: String(ropeId) } },
      event: 'truscan',
      onFrame: (state) => queryClient.setQueryData(truscanKeys.state(ropeId), state),
    });
  }, [ropeId, queryClient]);
  return query;
}

export function useRequestMeasurement(ropeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      dataOf(
        typedApi.POST('/api/ropes/{id}/events/trigger/truscan', {
          params: { path: { id: String(ropeId) } },
          body: { reason },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: truscanKeys.state(ropeId) }),
  });
}
