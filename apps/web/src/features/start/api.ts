import { type Health, healthSchema } from '@rope/domain/health';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api-client';

export type { Health };

const HEALTH_REFRESH_MS = 30_000;

export const healthKeys = {
  all: ['health'] as const,
};

export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  let body: unknown;
  try {
    body = await apiFetch<unknown>('/health', { signal });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 503 && healthSchema.safeParse(error.body).success)) throw error;
    body = error.body;
  }
  const health = healthSchema.safeParse(body);
  if (!health.success) throw new ApiError(200, 'BAD_RESPONSE', 'Unexpected answer from /api/health', undefined, body);
  return health.data;
}

export function useHealth() {
  return useQuery({
    queryKey: healthKeys.all,
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: HEALTH_REFRESH_MS,
    staleTime: 0,
  });
}
