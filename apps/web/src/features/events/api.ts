import type { operations } from '@rope/api-client';
import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import { withRemovedAttributes } from '@rope/domain/patch';
import { LOSS_CHART_POINTS } from '@rope/domain/ropes/loss-thinning';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useOutbox } from '../../lib/outbox-context';
import { dataOf, tupleDataOf, typedApi } from '../../lib/typed-api';
import { ropeEventsQueryParams } from './events-query';
import { createOrQueue, type EventBody, type RopeRef, type SaveOutcome, sendPhotos } from './offline-new-event';
import type { DamageFilter, LossAxis, RopeEventsQuery } from './types';

export const eventKeys = {
  all: ['events'] as const,
  rope: (ropeId: number) => [...eventKeys.all, 'rope', ropeId] as const,
  list: (ropeId: number, query: RopeEventsQuery) => [...eventKeys.rope(ropeId), 'list', query] as const,
  firstDate: (ropeId: number) => [...eventKeys.rope(ropeId), 'first-date'] as const,
  damage: (ropeId: number, filter: DamageFilter | null, date: string | null, range: DamageRange | null = null) =>
    [...eventKeys.rope(ropeId), 'damage', { filter, date, range }] as const,
  loss: (ropeId: number, xAxis: LossAxis, range: { from?: string; to?: string }) =>
    [...eventKeys.rope(ropeId), 'loss', { xAxis, range }] as const,
  history: (id: number) => [...eventKeys.all, 'history', id] as const,
};

const idPath = (id: number) => ({ path: { id: String(id) } });

/** A page of the rope's events (page size 0: all of them). */
export function fetchRopeEvents(ropeId: number, query: RopeEventsQuery, signal?: AbortSignal) {
  return dataOf(
    typedApi.GET('/api/ropes/{id}/events', {
      params: { ...idPath(ropeId), query: ropeEventsQueryParams(query) },
      signal,
    }),
  );
}

/** The rope's damage chart, with the filters the query names. */
export function fetchDamageChart(
  ropeId: number,
  query: NonNullable<operations['getRopeDamage']['parameters']['query']> = {},
  signal?: AbortSignal,
) {
  return dataOf(typedApi.GET('/api/ropes/{id}/events/damage', { params: { ...idPath(ropeId), query }, signal }));
}

export function useRopeEvents(ropeId: number, query: RopeEventsQuery) {
  return useQuery({ ...ropeEventsQuery(ropeId, query), placeholderData: keepPreviousData });
}

export function ropeEventsQuery(ropeId: number, query: RopeEventsQuery) {
  return queryOptions({
    queryKey: eventKeys.list(ropeId, query),
    queryFn: ({ signal }) => fetchRopeEvents(ropeId, query, signal),
  });
}

/** The day of the rope's first event: where the time slider starts (the list is newest first, so its last row). */
export function useFirstEventDate(ropeId: number) {
  return useQuery(firstEventDateQuery(ropeId));
}

export function firstEventDateQuery(ropeId: number) {
  return queryOptions({
    queryKey: eventKeys.firstDate(ropeId),
    queryFn: async ({ signal }) => {
      const page = (number: number) =>
        dataOf(
          typedApi.GET('/api/ropes/{id}/events', {
            params: { ...idPath(ropeId), query: { page: String(number), pageSize: '1' } },
            signal,
          }),
        );
      const first = await page(1);
      if (first.total <= 1) return first.ropeEvents[0]?.attributes.timestamp ?? null;
      const last = await page(first.total);
      return last.ropeEvents[0]?.attributes.timestamp ?? null;
    },
  });
}

/** Window starts along the rope, datum m: a zoom into a rope answered as peaks asks for its windows. */
export interface DamageRange {
  from: number;
  to: number;
}

/** The damage chart of the whole rope, or of `range` when one is given (absent: the query waits). */
export function useDamageChart(
  ropeId: number,
  filter: DamageFilter | null,
  date: string | null,
  range?: DamageRange | null,
) {
  return useQuery({
    ...damageChartQuery(ropeId, filter, date, range ?? null),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** The damage chart as useDamageChart asks for it; `range` null for the whole rope. */
export function damageChartQuery(
  ropeId: number,
  filter: DamageFilter | null,
  date: string | null,
  range: DamageRange | null,
) {
  return queryOptions({
    queryKey: eventKeys.damage(ropeId, filter, date, range),
    queryFn: ({ signal }) => {
      const query = {
        ...(filter ? { damageFilter: filter } : {}),
        ...(date ? { dateFilter: date } : {}),
        // Millimetres, widened outwards: the API takes decimals without exponents.
        ...(range
          ? {
              positionFrom: (Math.floor(range.from * 1000) / 1000).toFixed(3),
              positionTo: (Math.ceil(range.to * 1000) / 1000).toFixed(3),
            }
          : {}),
      };
      return fetchDamageChart(ropeId, query, signal);
    },
  });
}

export function useLossOverTarget(
  ropeId: number,
  xAxis: LossAxis,
  range: { from?: string; to?: string },
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: eventKeys.loss(ropeId, xAxis, range),
    queryFn: ({ signal }) => {
      const query = {
        xAxis,
        // A chart's worth of points: a rope of 50,000 events sends 2,000, its lines' extremes kept.
        points: String(LOSS_CHART_POINTS),
        ...(range.from !== undefined ? { rangeFrom: range.from } : {}),
        ...(range.to !== undefined ? { rangeTo: range.to } : {}),
      };
      return tupleDataOf<'/api/ropes/{id}/events/lossOverTarget', 'get'>(
        typedApi.GET('/api/ropes/{id}/events/lossOverTarget', { params: { ...idPath(ropeId), query }, signal }),
      );
    },
    placeholderData: keepPreviousData,
  });
}

export function useEventHistory(id: number | null) {
  return useQuery({
    queryKey: eventKeys.history(id ?? 0),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/events/{id}/history', { params: idPath(id!), signal })).then((a) => a.history),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * After a change: the rope's events and charts always; when the rope's stored damages changed, every other
 * screen's data too (gauges, lists and maps of the hierarchy show them), refetched only where it is on screen.
 */
export function refreshAfterChange(queryClient: QueryClient, ropeId: number, ropeChanged: boolean) {
  void queryClient.invalidateQueries({ queryKey: eventKeys.rope(ropeId) });
  void queryClient.invalidateQueries({ queryKey: [...eventKeys.all, 'history'] });
  if (ropeChanged) {
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== 'session' && query.queryKey[0] !== eventKeys.all[0],
    });
  }
}

/** An event's own fields, as the API answers them and takes them back. */
export type { EventBody } from './offline-new-event';

export function useSaveEvent(rope: RopeRef) {
  const ropeId = rope.id;
  const queryClient = useQueryClient();
  const outbox = useOutbox();
  return useMutation({
    // Runs without a signal too: a new event then goes into the device's queue (createOrQueue).
    networkMode: 'always',
    // The dialog edits the whole event: what it left out of the stored attributes is removed.
    mutationFn: async ({
      id,
      event,
      stored,
      photos = [],
      changed = true,
    }: {
      id: number | undefined;
      event: EventBody;
      stored?: EventBody;
      /** The event's photos, scaled on the device: sent after it, or queued with it (or alone, for a stored one). */
      photos?: readonly File[];
      /** Whether the form changed a stored event: photos added to it alone need no PATCH, and no signal. */
      changed?: boolean;
    }): Promise<SaveOutcome> => {
      if (id === undefined) return createOrQueue(rope, event, photos, outbox);
      let ropeChanged = false;
      if (changed) {
        const answer = await dataOf(
          typedApi.PATCH('/api/events/{id}', {
            params: idPath(id),
            body: { ropeEvent: withRemovedAttributes(stored?.attributes, event) },
          }),
        );
        ropeChanged = answer.ropeChanged;
      }
      const sent = photos.length > 0 ? await sendPhotos(rope, id, event, photos, outbox) : {};
      return { queued: false, ropeChanged, ...sent };
    },
    onSuccess: (outcome) => {
      if (!outcome.queued) refreshAfterChange(queryClient, ropeId, outcome.ropeChanged);
    },
  });
}

type EventPatch = { actionStatus: RopeEventAttributes['actionStatus'] } | { isDeleted: boolean };

/** The inline status edit and archive / restore: saved at once. */
export function usePatchEvent(ropeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: EventPatch }) =>
      dataOf(typedApi.PATCH('/api/events/{id}', { params: idPath(id), body: { ropeEvent: patch } })),
    onSuccess: (answer) => refreshAfterChange(queryClient, ropeId, answer.ropeChanged),
  });
}
