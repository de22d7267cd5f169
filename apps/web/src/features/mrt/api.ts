import type { components } from '@rope/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AnswerOf, dataOf, typedApi, uploadWithProgress } from '../../lib/typed-api';
import { refreshAfterChange } from '../events';

export const mrtKeys = {
  all: ['mrt'] as const,
  event: (eventId: number) => [...mrtKeys.all, eventId] as const,
  trace: (eventId: number, range: TraceRange | null, buckets: number) =>
    [...mrtKeys.event(eventId), 'trace', range, buckets] as const,
  candidates: (eventId: number, threshold: number | null) =>
    [...mrtKeys.event(eventId), 'candidates', threshold] as const,
};

type MrtCandidate = components['schemas']['MrtCandidate'];

const idPath = (id: number) => ({ path: { id: String(id) } });

/** Datum positions, m. */
export interface TraceRange {
  from: number;
  to: number;
}

/** POST the files to the rope, reporting the bytes sent. */
export function uploadTruscanFiles(
  ropeId: number,
  files: readonly File[],
  onProgress: (loaded: number, total: number) => void,
): Promise<AnswerOf<'/api/ropes/{id}/events/upload/truscan', 'post'>> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return uploadWithProgress('/api/ropes/{id}/events/upload/truscan', body, {
    params: { path: { id: String(ropeId) } },
    onProgress,
  });
}

export function useMrtTrace(eventId: number, range: TraceRange | null, buckets: number) {
  return useQuery({
    queryKey: mrtKeys.trace(eventId, range, buckets),
    queryFn: ({ signal }) => {
      const query = {
        buckets: String(buckets),
        ...(range ? { from: range.from.toFixed(3), to: range.to.toFixed(3) } : {}),
      };
      return dataOf(typedApi.GET('/api/events/{id}/mrt-trace', { params: { ...idPath(eventId), query }, signal }));
    },
    placeholderData: keepPreviousData,
  });
}

export function useMrtCandidates(eventId: number, threshold: number | null) {
  return useQuery({
    queryKey: mrtKeys.candidates(eventId, threshold),
    queryFn: ({ signal }) =>
      dataOf(
        typedApi.GET('/api/events/{id}/mrt-candidates', {
          params: { ...idPath(eventId), query: threshold === null ? {} : { threshold: String(threshold) } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Confirm (with the broken wires counted) or dismiss a candidate; a confirmation moves the rope's charts. */
export function useDecideCandidate(ropeId: number, eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      index,
      decision,
      damageCount,
    }: {
      index: number;
      decision: 'confirm' | 'dismiss';
      damageCount?: number;
    }): Promise<{ candidate: MrtCandidate; ropeChanged?: boolean }> =>
      decision === 'confirm'
        ? dataOf(
            typedApi.POST('/api/events/{id}/mrt-candidates/confirm', {
              params: idPath(eventId),
              body: { index, damageCount },
            }),
          )
        : dataOf(
            typedApi.POST('/api/events/{id}/mrt-candidates/dismiss', { params: idPath(eventId), body: { index } }),
          ),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: mrtKeys.event(eventId) });
      if (answer.ropeChanged !== undefined) refreshAfterChange(queryClient, ropeId, answer.ropeChanged);
    },
  });
}
