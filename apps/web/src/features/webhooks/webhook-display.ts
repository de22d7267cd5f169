import type { StatusTone } from '@rope/domain/status-tones';
import { readAttemptError } from '@rope/domain/webhooks/attempt-errors';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookMessageType } from '@rope/domain/webhooks/event-types';
import type { WebhookDeliveryStatus } from '@rope/domain/webhooks/schemas';
import type { TFunction } from 'i18next';
import type { WebhookDelivery, WebhookEndpoint, WebhookPayload } from './webhook-types';

/** An endpoint's state as its screens show it: sending, disabled by a person, or disabled after a day of failures. */
export type EndpointState = 'enabled' | 'manual' | 'failing';

export function endpointState(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason'>): EndpointState {
  if (endpoint.enabled) return 'enabled';
  return endpoint.disabledReason === 'failing' ? 'failing' : 'manual';
}

export const ENDPOINT_STATE_TONE: Record<EndpointState, StatusTone> = {
  enabled: 'green',
  manual: 'gray',
  failing: 'red',
};

/** A delivery waiting for its turn or a retry is at work (blue), sent is fine, given up needs a look. */
export const DELIVERY_STATUS_TONE: Record<WebhookDeliveryStatus, StatusTone> = {
  pending: 'blue',
  delivered: 'green',
  failed: 'red',
};

/** Whether the old secret still signs beside the new one (for a day after a rotation). */
export function previousSecretSigns(endpoint: Pick<WebhookEndpoint, 'previousSecretExpiresAt'>, now: number): boolean {
  return endpoint.previousSecretExpiresAt !== null && Date.parse(endpoint.previousSecretExpiresAt) > now;
}

/** A payload as a person reads it: indented by two. */
export function prettyPayload(payload: WebhookPayload): string {
  return JSON.stringify(payload, null, 2);
}

/** A receiver's body as a person reads it: indented when it is JSON, as it came otherwise. */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const MESSAGE_TYPES: readonly string[] = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT];

const isMessageType = (type: string): type is WebhookMessageType => MESSAGE_TYPES.includes(type);

/** An event type by its name in the user's language; one this client does not know yet (a newer API) as it is. */
export function eventTypeLabel(t: TFunction, type: string): string {
  return isMessageType(type) ? t(`webhooks.eventTypes.${type}`) : type;
}

/** While a delivery waits for its turn or a retry due soon, the endpoint and its deliveries are asked for this often. */
export const PENDING_REFRESH_MS = 3_000;
/** ... and this often while the next retry is further off (they are retried for a day). */
const RETRY_REFRESH_MS = 30_000;

/** How often to ask again while deliveries wait: soon when one is due, seldom while retries are far off. */
export function refreshInterval(deliveries: readonly WebhookDelivery[], now: number): number | false {
  const waiting = deliveries.filter((delivery) => delivery.status === 'pending');
  if (waiting.length === 0) return false;
  const due = Math.min(
    ...waiting.map((delivery) => (delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) : now)),
  );
  return due - now <= 60_000 ? PENDING_REFRESH_MS : RETRY_REFRESH_MS;
}

/** Why an attempt failed, in the user's language; a network error keeps its own words beside. */
export function attemptErrorText(t: TFunction, error: string): string {
  const failure = readAttemptError(error);
  switch (failure.kind) {
    case 'answered':
    case 'redirect':
      return t(`webhooks.failures.${failure.kind}`, { code: failure.status });
    case 'timedOut':
      return t('webhooks.failures.timedOut', { seconds: failure.seconds });
    default:
      return t(`webhooks.failures.${failure.kind}`, { detail: failure.detail });
  }
}
