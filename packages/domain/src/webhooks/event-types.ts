import { z } from 'zod';

/**
 * What a webhook endpoint can subscribe to. Names follow Standard Webhooks' `group.action` style; a receiver branches
 * on the payload's `type`. `webhook.test` is sent on request from the endpoint's screen and needs no subscription.
 */
export const WEBHOOK_EVENT_TYPES = [
  'rope_event.created',
  'rope_event.changed',
  'rope_event.deleted',
  'rope.limit_crossed',
  'task.created',
  'task.due',
  'task.done',
  'notification.triggered',
  'document.added',
  'sensor.outside_plotlines',
  'smartrope.threshold_crossed',
  'truscan.measurement_received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookMessageType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;
export const webhookMessageTypeSchema = z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]);
