import type { InstallationUpdate } from '@rope/domain/hierarchy/schemas';
import type { InstallationView } from '@rope/domain/hierarchy/views';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, tupleDataOf, typedApi } from '../../lib/typed-api';

export const installationKeys = {
  all: ['installations'] as const,
  lists: () => [...installationKeys.all, 'list'] as const,
  list: (areaId: number, archived: boolean) => [...installationKeys.lists(), areaId, archived] as const,
  detail: (id: number) => [...installationKeys.all, 'detail', id] as const,
  events: (id: number) => [...installationKeys.all, 'events', id] as const,
};

export const INSTALLATION_EVENTS_LIMIT = 10;

const idPath = (id: number) => ({ path: { id: String(id) } });

export function useInstallations(areaId: number, archived: boolean) {
  return useQuery({
    queryKey: installationKeys.list(areaId, archived),
    queryFn: ({ signal }) =>
      tupleDataOf<'/api/areas/{id}/installations', 'get'>(
        typedApi.GET('/api/areas/{id}/installations', {
          params: { ...idPath(areaId), query: archived ? { archived: '1' } : {} },
          signal,
        }),
      ).then((answer) => answer.installations),
  });
}

export function useInstallation(id: number) {
  return useQuery(installationQuery(id));
}

export function installationQuery(id: number) {
  return queryOptions({
    queryKey: installationKeys.detail(id),
    queryFn: ({ signal }) =>
      tupleDataOf<'/api/installations/{id}', 'get'>(
        typedApi.GET('/api/installations/{id}', { params: idPath(id), signal }),
      ).then((a) => a.installation),
    retry: false,
  });
}

export function useInstallationEvents(id: number) {
  return useQuery({
    queryKey: installationKeys.events(id),
    queryFn: ({ signal }) =>
      dataOf(
        typedApi.GET('/api/installations/{id}/events', {
          params: { ...idPath(id), query: { limit: String(INSTALLATION_EVENTS_LIMIT) } },
          signal,
        }),
      ).then((answer) => answer.ropeEvents),
  });
}

/** POST: the API names it "Installation N". */
export function useCreateInstallation(areaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      dataOf(
        typedApi.POST('/api/areas/{id}/installations', {
          params: idPath(areaId),
          body: { installation: { area: { id: areaId } } },
        }),
      ).then((answer) => answer.installation),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: installationKeys.lists() }),
  });
}

export function useUpdateInstallation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, installation }: { id: number; installation: InstallationUpdate }) =>
      tupleDataOf<'/api/installations/{id}', 'patch'>(
        typedApi.PATCH('/api/installations/{id}', { params: idPath(id), body: { installation } }),
      ).then((answer) => answer.installation),
    onSuccess: (installation) => {
      queryClient.setQueryData(installationKeys.detail(installation.id), installation);
      void queryClient.invalidateQueries({ queryKey: installationKeys.lists() });
    },
  });
}

/** Moves one installation before another (null: to the end); the list shows the new order at once. */
export function useReorderInstallations(areaId: number) {
  const queryClient = useQueryClient();
  const key = installationKeys.list(areaId, false);
  return useMutation({
    mutationFn: ({ id, beforeId }: { id: number; beforeId: number | null; next: InstallationView[] }) =>
      typedApi.POST('/api/installations/{id}/order-before', {
        params: idPath(id),
        body: { installation: { id: beforeId } },
      }),
    onMutate: async ({ next }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<InstallationView[]>(key);
      queryClient.setQueryData(key, next);
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteInstallation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => typedApi.DELETE('/api/installations/{id}', { params: idPath(id) }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: installationKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: installationKeys.lists() });
    },
  });
}
