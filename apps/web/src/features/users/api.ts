import type { UserCreate, UserUpdate } from '@rope/domain/users/forms';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, typedApi, uploadWithProgress } from '../../lib/typed-api';
import { type UsersQuery, usersQueryParams } from './users-query';

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UsersQuery) => [...userKeys.lists(), query] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  samlProviders: () => [...userKeys.all, 'saml-providers'] as const,
};

/** The CSV downloads of the users screen (admins only). */
export const USER_EXPORTS = [
  { key: 'logins', href: '/api/users/logins' },
  { key: 'notifications', href: '/api/users/notifications' },
  { key: 'list', href: '/api/users/list' },
  { key: 'resets', href: '/api/users/resets' },
] as const;

/** `enabled` is false for someone who may not manage users: the list would only be refused. */
export function useUsers(query: UsersQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => dataOf(typedApi.GET('/api/users', { params: { query: usersQueryParams(query) }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/users/{id}', { params: { path: { id: String(id) } }, signal })).then(
        (answer) => answer.user,
      ),
    enabled: id !== undefined,
    staleTime: 0,
    // A refetch would not reach the open form anyway; it initialises once.
    refetchOnWindowFocus: false,
  });
}

export function useSamlProviders(enabled: boolean) {
  return useQuery({
    queryKey: userKeys.samlProviders(),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/users/saml/providers', { signal })).then((answer) => answer.providers),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, user }: { id: number | undefined; user: UserCreate | UserUpdate }) =>
      id === undefined
        ? dataOf(typedApi.POST('/api/users', { body: { user: user as UserCreate } })).then((a) => a.user.id)
        : typedApi.PATCH('/api/users/{id}', { params: { path: { id: String(id) } }, body: { user } }).then(() => id),
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => typedApi.DELETE('/api/users/{id}', { params: { path: { id: String(id) } } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function useUploadPicture(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return uploadWithProgress('/api/users/{id}/picture', body, { params: { path: { id: String(id) } } }).then(
        (answer) => answer.user.pictureUri,
      );
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.detail(id) }),
  });
}
