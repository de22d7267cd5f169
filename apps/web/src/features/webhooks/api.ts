import type { WebhookDeliveryStatus, WebhookEndpointCreate, WebhookEndpointPatch } from '@rope/domain/webhooks/schemas';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, typedApi } from '../../lib/typed-api';
import { PENDING_REFRESH_MS, refreshInterval } from './webhook-display';

export type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryAnswer,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookPayload,
} from './webhook-types';

/** Deliveries per page of the endpoint's table. */
export const DELIVERIES_PAGE_SIZE = 25;
export const webhookKeys = {
  all: ['webhooks'] as const,
  lists: () => [...webhookKeys.all, 'list'] as const,
  list: (mandatorId: number | null) => [...webhookKeys.lists(), mandatorId] as const,
  detail: (id: number) => [...webhookKeys.all, 'detail', id] as const,
  deliveries: (id: number) => [...webhookKeys.detail(id), 'deliveries'] as const,
  deliveryList: (id: number, status: WebhookDeliveryStatus | null) =>
    [...webhookKeys.deliveries(id), 'list', status] as const,
  delivery: (id: number, deliveryId: number) => [...webhookKeys.deliveries(id), 'one', deliveryId] as const,
};

const idPath = (id: number) => ({ path: { id: String(id) } });
const deliveryPath = (id: number, deliveryId: number) => ({
  path: { id: String(id), deliveryId: String(deliveryId) },
});

/** The endpoints of the mandators the user sees, or of one of them. */
export function useWebhookEndpoints(mandatorId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.list(mandatorId),
    queryFn: ({ signal }) =>
      dataOf(
        typedApi.GET('/api/webhooks', {
          params: { query: mandatorId === null ? {} : { mandatorId: String(mandatorId) } },
          signal,
        }),
      ),
    select: (answer) => answer.endpoints,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useWebhookEndpoint(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/webhooks/{id}', { params: idPath(id ?? 0), signal })).then((answer) => answer.endpoint),
    enabled: enabled && id !== undefined,
    // Waiting deliveries of an enabled endpoint go out in the background: their count and the last delivery follow.
    refetchInterval: (query) =>
      query.state.data?.enabled && query.state.data.pendingDeliveries > 0 ? PENDING_REFRESH_MS : false,
  });
}

/** Makes an endpoint: the answer holds its signing secret, this once. */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpointCreate) => dataOf(typedApi.POST('/api/webhooks', { body: { endpoint } })),
    onSuccess: (answer) => {
      queryClient.setQueryData(webhookKeys.detail(answer.endpoint.id), answer.endpoint);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.lists() });
    },
  });
}

/** Changes what an endpoint receives, or disables and enables it. */
export function useUpdateWebhookEndpoint(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpointPatch) =>
      dataOf(typedApi.PATCH('/api/webhooks/{id}', { params: idPath(id), body: { endpoint } })).then(
        (answer) => answer.endpoint,
      ),
    onSuccess: (endpoint) => {
      queryClient.setQueryData(webhookKeys.detail(id), endpoint);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.lists() });
      // Enabled again, the waiting deliveries go out.
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) });
    },
  });
}

export function useDeleteWebhookEndpoint(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => typedApi.DELETE('/api/webhooks/{id}', { params: idPath(id) }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: webhookKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.lists() });
    },
  });
}

/** A new signing secret, answered this once; the old one signs beside it for a day. */
export function useRotateWebhookSecret(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(typedApi.POST('/api/webhooks/{id}/rotate-secret', { params: idPath(id) })),
    onSuccess: (answer) => queryClient.setQueryData(webhookKeys.detail(id), answer.endpoint),
  });
}

/** Queues a `webhook.test` message behind the endpoint's other deliveries. */
export function useSendWebhookTest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(typedApi.POST('/api/webhooks/{id}/test', { params: idPath(id) })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.lists() });
    },
  });
}

/**
 * An endpoint's deliveries, newest first, a page at a time (`before` the last one shown). While one of them waits
 * for its turn or a retry (and the endpoint sends), the pages are asked for again, so what happens to it shows.
 */
export function useWebhookDeliveries(id: number, status: WebhookDeliveryStatus | null, sending: boolean) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveryList(id, status),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      dataOf(
        typedApi.GET('/api/webhooks/{id}/deliveries', {
          params: {
            ...idPath(id),
            query: {
              limit: DELIVERIES_PAGE_SIZE,
              ...(pageParam === undefined ? {} : { before: pageParam }),
              ...(status === null ? {} : { status }),
            },
          },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    refetchInterval: (query) =>
      sending ? refreshInterval(query.state.data?.pages.flatMap((page) => page.deliveries) ?? [], Date.now()) : false,
  });
}

/** One delivery with the body it sends and every attempt, newest first. */
export function useWebhookDelivery(id: number, deliveryId: number) {
  return useQuery({
    queryKey: webhookKeys.delivery(id, deliveryId),
    queryFn: ({ signal }) =>
      dataOf(
        typedApi.GET('/api/webhooks/{id}/deliveries/{deliveryId}', { params: deliveryPath(id, deliveryId), signal }),
      ),
    refetchInterval: (query) => refreshInterval(query.state.data ? [query.state.data.delivery] : [], Date.now()),
  });
}

/** Sends a delivery once more, now, and answers how it went. */
export function useResendWebhookDelivery(id: number, deliveryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      dataOf(
        typedApi.POST('/api/webhooks/{id}/deliveries/{deliveryId}/resend', { params: deliveryPath(id, deliveryId) }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(webhookKeys.delivery(id, deliveryId), answer);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: [...webhookKeys.deliveries(id), 'list'] });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.lists() });
    },
  });
}
