import type { TruscanRequestView, TruscanStateAnswer } from '@rope/domain/truscan/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '../../lib/api-client';

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
    queryFn: ({ signal }) => apiFetch<TruscanStateAnswer>(`/ropes/${ropeId}/truscan`, { signal }),
  });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/ropes/${ropeId}/truscan/live`);
    source.addEventListener('truscan', (event) => {
      try {
        queryClient.setQueryData(truscanKeys.state(ropeId), JSON.parse((event as MessageEvent<string>).data));
      } catch {
        // A frame that is not JSON changes nothing; the next one brings the whole state.
      }
    });
    return () => source.close();
  }, [ropeId, queryClient]);
  return query;
}

export function useRequestMeasurement(ropeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiFetch<{ request: TruscanRequestView }>(`/ropes/${ropeId}/events/trigger/truscan`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: truscanKeys.state(ropeId) }),
  });
}
