import type { SmartropeBody, SmartropeEventPatch, SmartropePatch } from '@rope/domain/smartropes/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, typedApi } from '../../lib/typed-api';
import { handOverNewDeviceBroker } from '../device-intake';
import { type AdminListQuery, adminListQueryParams } from '../sensors';

/** The newest events a rope page and a smartrope's page show. */
export const NEWEST_EVENTS_LIMIT = 10;

export const smartropeKeys = {
  all: ['smartropes'] as const,
  ropeEvents: (ropeId: number) => [...smartropeKeys.all, 'rope-events', ropeId] as const,
  ropeSmartropes: (ropeId: number) => [...smartropeKeys.all, 'on-rope', ropeId] as const,
  events: (id: number) => [...smartropeKeys.all, 'events', id] as const,
  measurements: (eventId: number) => [...smartropeKeys.all, 'measurements', eventId] as const,
  lists: () => [...smartropeKeys.all, 'list'] as const,
  list: (query: AdminListQuery) => [...smartropeKeys.lists(), query] as const,
  detail: (id: number) => [...smartropeKeys.all, 'detail', id] as const,
};

const idPath = (id: number) => ({ path: { id: String(id) } });

/** The newest events of the smartropes on a rope; empty when it carries none. */
export function useRopeSmartropeEvents(ropeId: number) {
  return useQuery({
    queryKey: smartropeKeys.ropeEvents(ropeId),
    queryFn: ({ signal }) =>
      dataOf(
        typedApi.GET('/api/ropes/{id}/smartrope-events', {
          params: { ...idPath(ropeId), query: { limit: NEWEST_EVENTS_LIMIT } },
          signal,
        }),
      ).then((answer) => answer.events),
  });
}

/**
 * Whether a rope carries a smartrope: only admins may list smartropes, so only they learn of one that has sent no
 * event yet.
 */
export function useRopeCarriesSmartrope(ropeId: number, enabled: boolean) {
  return useQuery({
    queryKey: smartropeKeys.ropeSmartropes(ropeId),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/smartropes', { params: { query: { rope: String(ropeId) } }, signal })).then(
        (answer) => answer.total > 0,
      ),
    enabled,
  });
}

export function useSmartropeEvents(id: number, enabled: boolean) {
  return useQuery({
    queryKey: smartropeKeys.events(id),
    queryFn: ({ signal }) =>
      dataOf(
        typedApi.GET('/api/smartropes/{id}/events', {
          params: { ...idPath(id), query: { limit: NEWEST_EVENTS_LIMIT } },
          signal,
        }),
      ).then((answer) => answer.events),
    enabled,
  });
}

export function useEventMeasurements(eventId: number) {
  return useQuery({
    queryKey: smartropeKeys.measurements(eventId),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/smartrope-events/{id}/measurements', { params: idPath(eventId), signal })).then(
        (answer) => answer.measurements,
      ),
    staleTime: 5 * 60_000,
  });
}

export function useUpdateSmartropeEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, event }: { id: number; event: SmartropeEventPatch }) =>
      dataOf(typedApi.PATCH('/api/smartropes/events/{id}', { params: idPath(id), body: { event } })).then(
        (answer) => answer.event,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smartropeKeys.all }),
  });
}

export function useSmartropes(query: AdminListQuery, enabled: boolean) {
  return useQuery({
    queryKey: smartropeKeys.list(query),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/smartropes', { params: { query: adminListQueryParams(query) }, signal })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSmartrope(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: smartropeKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/smartropes/{id}', { params: idPath(id!), signal })).then((answer) => answer.smartrope),
    enabled: enabled && id !== undefined,
    refetchOnWindowFocus: false,
  });
}

export function useSaveSmartrope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, smartrope }: { id: number | undefined; smartrope: SmartropeBody | SmartropePatch }) =>
      id === undefined
        ? dataOf(typedApi.POST('/api/smartropes', { body: { smartrope: smartrope as SmartropeBody } })).then(
            (answer) => {
              handOverNewDeviceBroker('smartrope', answer.smartrope.id, answer);
              return answer.smartrope;
            },
          )
        : dataOf(typedApi.PATCH('/api/smartropes/{id}', { params: idPath(id), body: { smartrope } })).then(
            (answer) => answer.smartrope,
          ),
    onSuccess: (smartrope) => {
      queryClient.setQueryData(smartropeKeys.detail(smartrope.id), smartrope);
      void queryClient.invalidateQueries({ queryKey: smartropeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...smartropeKeys.all, 'on-rope'] });
      void queryClient.invalidateQueries({ queryKey: [...smartropeKeys.all, 'rope-events'] });
    },
  });
}
