import type { ApiKeyCreate, ApiKeyCreatedAnswer, ApiKeyListAnswer } from '@rope/domain/users/api-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { userKeys } from './api';

const apiKeysKey = (userId: number) => [...userKeys.detail(userId), 'api-keys'] as const;

/** An API user's keys (admins). */
export function useApiKeys(userId: number) {
  return useQuery({
    queryKey: apiKeysKey(userId),
    queryFn: ({ signal }) =>
      apiFetch<ApiKeyListAnswer>(`/users/${userId}/api-keys`, { signal }).then((answer) => answer.apiKeys),
  });
}

/** Makes a key: the answer holds the key itself, this once. */
export function useCreateApiKey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: ApiKeyCreate) =>
      apiFetch<ApiKeyCreatedAnswer>(`/users/${userId}/api-keys`, { method: 'POST', body: { apiKey } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey(userId) }),
  });
}

export function useRevokeApiKey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) => apiFetch<unknown>(`/users/${userId}/api-keys/${keyId}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey(userId) }),
  });
}
