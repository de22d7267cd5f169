import type { ApiKeyCreate } from '@rope/domain/users/api-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, typedApi } from '../../lib/typed-api';
import { userKeys } from './api';

const apiKeysKey = (userId: number) => [...userKeys.detail(userId), 'api-keys'] as const;
const userPath = (userId: number) => ({ path: { id: String(userId) } });

/** An API user's keys (admins). */
export function useApiKeys(userId: number) {
  return useQuery({
    queryKey: apiKeysKey(userId),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/users/{id}/api-keys', { params: userPath(userId), signal })).then(
        (answer) => answer.apiKeys,
      ),
  });
}

/** Makes a key: the answer holds the key itself, this once. */
export function useCreateApiKey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: ApiKeyCreate) =>
      dataOf(typedApi.POST('/api/users/{id}/api-keys', { params: userPath(userId), body: { apiKey } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey(userId) }),
  });
}

export function useRevokeApiKey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) =>
      typedApi.DELETE('/api/users/{id}/api-keys/{keyId}', {
        params: { path: { id: String(userId), keyId: String(keyId) } },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey(userId) }),
  });
}
