import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network trouble and 5xx may, up to `maxRetries` times. */
export function retryTransient(maxRetries = MAX_RETRIES) {
  return (failureCount: number, error: unknown): boolean => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
    return failureCount < maxRetries;
  };
}

export function createQueryClient(): QueryClient {
  // TanStack Query takes itself for online until the browser says otherwise; a page loaded without a network (from
  // the service worker) hears no 'offline' event, so it starts from what the browser knows.
  if (typeof navigator !== 'undefined' && 'onLine' in navigator) onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryTransient(), staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
