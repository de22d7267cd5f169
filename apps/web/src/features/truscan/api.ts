import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type AnswerOf, dataOf, listenToEvents, typedApi } from '../../lib/typed-api';
import { createLatestState } from './latest-state';

type TruscanState = AnswerOf<'/api/ropes/{id}/truscan', 'get'>;

export const truscanKeys = {
  state: (ropeId: number) => ['truscan', ropeId] as const,
};

/**
 * The rope's TRUscan, live while the page is open: read once, then every change the server pushes (Server-Sent
 * Events) replaces it. The browser reconnects after a drop and the server sends the whole state again.
 */
export function useTruscanState(ropeId: number) {
  const queryClient = useQueryClient();
  // A read that answers after a newer frame came must not put the older state back (latest-state.ts).
  const [latest] = useState(() => createLatestState<TruscanState>());
  const query = useQuery({
    queryKey: truscanKeys.state(ropeId),
    queryFn: ({ signal }) =>
      latest.read(ropeId, () =>
        dataOf(typedApi.GET('/api/ropes/{id}/truscan', { params: { path: { id: String(ropeId) } }, signal })),
      ),
  });
  useEffect(() => {
    // A frame that is not JSON changes nothing (listenToEvents skips it); the next one brings the whole state.
    return listenToEvents('/api/ropes/{id}/truscan/live', {
      params: { path: { id: String(ropeId) } },
      event: 'truscan',
      onFrame: (state) => {
        latest.framed(ropeId, state);
        queryClient.setQueryData(truscanKeys.state(ropeId), state);
      },
    });
  }, [ropeId, queryClient, latest]);
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
