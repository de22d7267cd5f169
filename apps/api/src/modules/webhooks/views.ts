import type { webhookAttempts, webhookDeliveries, webhookEndpoints } from '@rope/db/schema/index';
import type { WebhookEventType } from '@rope/domain/webhooks/event-types';
import type { WebhookAttemptView, WebhookDeliveryView, WebhookEndpointView } from '@rope/domain/webhooks/schemas';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

const iso = (value: Date | null) => value?.toISOString() ?? null;

export interface EndpointFigures {
  pendingDeliveries: number;
  lastDeliveryAt: Date | null;
}

export function endpointViewOf(row: EndpointRow, figures: EndpointFigures): WebhookEndpointView {
  return {
    id: row.id,
    mandatorId: row.mandatorId,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.enabled ? null : (row.disabledReason ?? 'manual'),
    disabledAt: row.enabled ? null : iso(row.disabledAt),
    ownerUserId: row.ownerUserId,
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? iso(row.previousSecretExpiresAt) : null,
    pendingDeliveries: figures.pendingDeliveries,
    lastDeliveryAt: iso(figures.lastDeliveryAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export function deliveryViewOf(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: iso(row.deliveredAt),
  };
}

export function attemptViewOf(row: AttemptRow): WebhookAttemptView {
  return {
    id: row.id,
    attemptedAt: row.attemptedAt.toISOString(),
    trigger: row.trigger,
    url: row.url,
    requestHeaders: row.requestHeaders,
    statusCode: row.statusCode,
    responseBody: row.responseBody,
    durationMs: row.durationMs,
    error: row.error,
  };
}
