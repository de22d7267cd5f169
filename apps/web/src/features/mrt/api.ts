import type { MeaUploadAnswer, MrtCandidatesAnswer, MrtCandidateView, MrtTraceAnswer } from '@rope/domain/mrt/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { postForm } from '../../lib/post-form';
import { refreshAfterChange } from '../events';

export const mrtKeys = {
  all: ['mrt'] as const,
  event: (eventId: number) => [...mrtKeys.all, eventId] as const,
  trace: (eventId: number, range: TraceRange | null, buckets: number) =>
    [...mrtKeys.event(eventId), 'trace', range, buckets] as const,
  candidates: (eventId: number, threshold: number | null) =>
    [...mrtKeys.event(eventId), 'candidates', threshold] as const,
};

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
): Promise<MeaUploadAnswer> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return postForm<MeaUploadAnswer>(`/ropes/${ropeId}/events/upload/truscan`, body, onProgress);
}

export function useMrtTrace(eventId: number, range: TraceRange | null, buckets: number) {
  return useQuery({
    queryKey: mrtKeys.trace(eventId, range, buckets),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ buckets: String(buckets) });
      if (range) {
        params.set('from', range.from.toFixed(3));
        params.set('to', range.to.toFixed(3));
      }
      return apiFetch<MrtTraceAnswer>(`/events/${eventId}/mrt-trace?${params.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useMrtCandidates(eventId: number, threshold: number | null) {
  return useQuery({
    queryKey: mrtKeys.candidates(eventId, threshold),
    queryFn: ({ signal }) =>
      apiFetch<MrtCandidatesAnswer>(
        `/events/${eventId}/mrt-candidates${threshold === null ? '' : `?threshold=${threshold}`}`,
        { signal },
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
    }) =>
      apiFetch<{ candidate: MrtCandidateView; ropeChanged?: boolean }>(
        `/events/${eventId}/mrt-candidates/${decision}`,
        { method: 'POST', body: decision === 'confirm' ? { index, damageCount } : { index } },
      ),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: mrtKeys.event(eventId) });
      if (answer.ropeChanged !== undefined) refreshAfterChange(queryClient, ropeId, answer.ropeChanged);
    },
  });
}
