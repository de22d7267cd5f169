import type { components, operations } from '@rope/api-client';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, tupleDataOf, typedApi } from '../../lib/typed-api';

export const areaKeys = {
  all: ['areas'] as const,
  lists: () => [...areaKeys.all, 'list'] as const,
  list: (showAs: number | null) => [...areaKeys.lists(), showAs] as const,
  positions: (showAs: number | null) => [...areaKeys.all, 'positions', showAs] as const,
  detail: (id: number) => [...areaKeys.all, 'detail', id] as const,
  users: (id: number) => [...areaKeys.all, 'users', id] as const,
  mandatorUsers: (mandatorId: number) => [...areaKeys.all, 'mandator-users', mandatorId] as const,
};

const idPath = (id: number) => ({ path: { id: String(id) } });

const showAsQuery = (showAs: number | null) => (showAs === null ? {} : { query: { showAsUser: String(showAs) } });

/** The areas the user sees, or with showAs (impersonate right) those that user would see. */
export function useAreas(showAs: number | null, enabled = true) {
  return useQuery({
    queryKey: areaKeys.list(showAs),
    queryFn: ({ signal }) =>
      tupleDataOf<'/api/areas', 'get'>(typedApi.GET('/api/areas', { params: showAsQuery(showAs), signal })).then(
        (answer) => answer.areas,
      ),
    enabled,
  });
}

export function useAreaPositions(showAs: number | null) {
  return useQuery({
    queryKey: areaKeys.positions(showAs),
    queryFn: ({ signal }) =>
      tupleDataOf<'/api/areas/positions', 'get'>(
        typedApi.GET('/api/areas/positions', { params: showAsQuery(showAs), signal }),
      ).then((answer) => answer.areas),
  });
}

export function useArea(id: number) {
  return useQuery(areaQuery(id));
}

export function areaQuery(id: number) {
  return queryOptions({
    queryKey: areaKeys.detail(id),
    queryFn: ({ signal }) =>
      tupleDataOf<'/api/areas/{id}', 'get'>(typedApi.GET('/api/areas/{id}', { params: idPath(id), signal })).then(
        (answer) => answer.area,
      ),
    retry: false,
  });
}

/** The users of the area's mandator: candidates for its client user (AREA_PARTIAL_EDIT) and notification recipients. */
export function useAreaUsers(areaId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: areaKeys.users(areaId ?? 0),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/areas/{id}/users', { params: idPath(areaId!), signal })).then((answer) => answer.users),
    enabled: enabled && areaId !== undefined,
  });
}

/** Users of a mandator (admins): the client user candidates of a new area or after a mandator change. */
export function useMandatorUsers(mandatorId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: areaKeys.mandatorUsers(mandatorId ?? 0),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/mandators/{id}/users', { params: idPath(mandatorId!), signal })).then(
        (answer) => answer.users,
      ),
    enabled: enabled && mandatorId !== undefined,
  });
}

/** The users of several areas at once (one area per mandator is enough): the show-as-user candidates. */
export function useUsersOfAreas(areaIds: readonly number[], enabled: boolean) {
  return useQueries({
    queries: areaIds.map((id) => ({
      queryKey: areaKeys.users(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        dataOf(typedApi.GET('/api/areas/{id}/users', { params: idPath(id), signal })).then((answer) => answer.users),
      enabled,
      staleTime: 5 * 60_000,
    })),
  });
}

/** Adds an area (no id) or changes one; answers the area's id. */
export type AreaSave =
  | { id: undefined; area: NonNullable<operations['createArea']['requestBody']>['content']['application/json']['area'] }
  | { id: number; area: components['schemas']['AreaPatchInput'] };

export function useSaveArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: AreaSave) =>
      save.id === undefined
        ? dataOf(typedApi.POST('/api/areas', { body: { area: save.area } })).then((a) => a.area.id)
        : typedApi.PATCH('/api/areas/{id}', { params: idPath(save.id), body: { area: save.area } }).then(() => save.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: areaKeys.all }),
  });
}

export function useDeleteArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => typedApi.DELETE('/api/areas/{id}', { params: idPath(id) }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: areaKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: areaKeys.all });
    },
  });
}
