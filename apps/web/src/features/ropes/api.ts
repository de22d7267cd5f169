import type { RopeUpdate } from '@rope/domain/hierarchy/schemas';
import type { RopeView } from '@rope/domain/hierarchy/views';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, tupleDataOf, typedApi } from '../../lib/typed-api';
import { eventKeys } from '../events';
import { installationKeys } from '../installations';

export const ropeKeys = {
  all: ['ropes'] as const,
  lists: () => [...ropeKeys.all, 'list'] as const,
  list: (installationId: number, archived: boolean) => [...ropeKeys.lists(), installationId, archived] as const,
  detail: (id: number) => [...ropeKeys.all, 'detail', id] as const,
};

const idPath = (id: number) => ({ path: { id: String(id) } });

export function useRopes(installationId: number, archived: boolean) {
  return useQuery(ropesQuery(installationId, archived));
}

export function ropesQuery(installationId: number, archived: boolean) {
  return queryOptions({
    queryKey: ropeKeys.list(installationId, archived),
    queryFn: ({ signal }) =>
      tupleDataOf<'/api/installations/{id}/ropes', 'get'>(
        typedApi.GET('/api/installations/{id}/ropes', {
          params: { ...idPath(installationId), query: archived ? { archived: '1' } : {} },
          signal,
        }),
      ).then((answer) => answer.ropes),
  });
}

export function useRope(id: number) {
  return useQuery(ropeQuery(id));
}

/** A rope as its page reads it: also what the device refreshes for the field (features/field). */
export function ropeQuery(id: number) {
  return queryOptions({
    queryKey: ropeKeys.detail(id),
    queryFn: ({ signal }) =>
      tupleDataOf<'/api/ropes/{id}', 'get'>(typedApi.GET('/api/ropes/{id}', { params: idPath(id), signal })).then(
        (answer) => answer.rope,
      ),
    retry: false,
  });
}

/** POST: the API names it "Rope N". */
export function useCreateRope(installationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      dataOf(
        typedApi.POST('/api/installations/{id}/ropes', { params: idPath(installationId), body: { rope: {} } }),
      ).then((answer) => answer.rope),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ropeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: installationKeys.lists() });
    },
  });
}

export function useUpdateRope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rope }: { id: number; rope: RopeUpdate }) =>
      tupleDataOf<'/api/ropes/{id}', 'patch'>(
        typedApi.PATCH('/api/ropes/{id}', { params: idPath(id), body: { rope } }),
      ).then((answer) => answer.rope),
    onSuccess: (rope) => {
      queryClient.setQueryData(ropeKeys.detail(rope.id), rope);
      // New settings recompute the damage: the rope's charts and events (datum positions) are read again.
      void queryClient.invalidateQueries({ queryKey: eventKeys.rope(rope.id) });
      void queryClient.invalidateQueries({ queryKey: ropeKeys.lists() });
      // Archiving a rope changes the largest damage of its installation.
      void queryClient.invalidateQueries({ queryKey: installationKeys.all });
    },
  });
}

export function useReorderRopes(installationId: number) {
  const queryClient = useQueryClient();
  const key = ropeKeys.list(installationId, false);
  return useMutation({
    mutationFn: ({ id, beforeId }: { id: number; beforeId: number | null; next: RopeView[] }) =>
      typedApi.POST('/api/ropes/{id}/order-before', { params: idPath(id), body: { rope: { id: beforeId } } }),
    onMutate: async ({ next }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<RopeView[]>(key);
      queryClient.setQueryData(key, next);
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteRope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => typedApi.DELETE('/api/ropes/{id}', { params: idPath(id) }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: ropeKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: ropeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: installationKeys.all });
    },
  });
}
