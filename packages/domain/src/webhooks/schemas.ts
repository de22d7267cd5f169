import { z } from 'zod';
import { idSchema, idTextSchema, isoDateTime } from '../common.ts';
import { webhookEventTypeSchema, webhookMessageTypeSchema } from './event-types.ts';
import { WEBHOOK_URL_MAX_LENGTH } from './rules.ts';

const urlText = z.string().trim().min(1).max(WEBHOOK_URL_MAX_LENGTH);
const descriptionText = z.string().trim().max(255);
const eventTypesSchema = z
  .array(webhookEventTypeSchema)
  .min(1)
  .max(50)
  .transform((types) => [...new Set(types)]);

export const WEBHOOK_DISABLED_REASONS = ['manual', 'failing'] as const;

/** A webhook endpoint as its mandator's admins see it: never its secret, which is shown once when made or rotated. */
export const webhookEndpointViewSchema = z.object({
  id: z.number().int(),
  mandatorId: z.number().int(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it is disabled: by a person, or after a day of failed deliveries. */
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: z.string().nullable(),
  /** Who registered it; told by mail when it is disabled for failing. */
  ownerUserId: z.number().int().nullable(),
  /** The old secret still signs beside the new one until this time. */
  previousSecretExpiresAt: z.string().nullable(),
  /** Deliveries waiting for their turn or a retry. */
  pendingDeliveries: z.number().int(),
  lastDeliveryAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointViewSchema>;

/** GET /api/webhooks */
export const webhookEndpointListAnswerSchema = z.object({ endpoints: z.array(webhookEndpointViewSchema) });
export type WebhookEndpointListAnswer = z.infer<typeof webhookEndpointListAnswerSchema>;

export const webhookListQuerySchema = z.object({ mandatorId: idTextSchema.optional() });

/** POST /api/webhooks */
export const webhookEndpointCreateSchema = z.object({
  mandatorId: idSchema,
  url: urlText,
  description: descriptionText.default(''),
  eventTypes: eventTypesSchema,
});
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateSchema>;

/** PATCH /api/webhooks/{id}: what is sent changes, the rest stays; the mandator never changes. */
export const webhookEndpointPatchSchema = z.object({
  url: urlText.optional(),
  description: descriptionText.optional(),
  eventTypes: eventTypesSchema.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointPatch = z.input<typeof webhookEndpointPatchSchema>;

export const webhookEndpointAnswerSchema = z.object({ endpoint: webhookEndpointViewSchema });

/** The endpoint with its signing secret (`whsec_...`), answered once when made and when rotated. */
export const webhookEndpointWithSecretAnswerSchema = z.object({
  endpoint: webhookEndpointViewSchema,
  secret: z.string(),
});
export type WebhookEndpointWithSecretAnswer = z.infer<typeof webhookEndpointWithSecretAnswerSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One message to one endpoint: its id stays the same over every attempt and resend, for receivers to deduplicate. */
export const webhookDeliveryViewSchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header and the receiver's deduplication key. */
  messageId: z.string(),
  eventType: webhookMessageTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

export const WEBHOOK_DELIVERIES_PAGE_MAX = 200;

/** GET /api/webhooks/{id}/deliveries: newest first, `before` a delivery id to page on. */
export const webhookDeliveryListQuerySchema = z.object({
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX).default(50),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});

export const webhookDeliveryListAnswerSchema = z.object({
  deliveries: z.array(webhookDeliveryViewSchema),
  /** The `before` of the next page; null on the last. */
  nextBefore: z.number().int().nullable(),
});
export type WebhookDeliveryListAnswer = z.infer<typeof webhookDeliveryListAnswerSchema>;

/** The body every delivery sends, as Standard Webhooks lays it out. */
export const webhookPayloadSchema = z.object({
  type: webhookMessageTypeSchema,
  timestamp: isoDateTime,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** One try of a delivery: what was sent and what came back. */
export const webhookAttemptViewSchema = z.object({
  id: z.number().int(),
  attemptedAt: z.string(),
  /** `auto` for the queue's attempts and retries, `resend` when a person asked for it. */
  trigger: z.enum(['auto', 'resend']),
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  statusCode: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});
export type WebhookAttemptView = z.infer<typeof webhookAttemptViewSchema>;

/** GET /api/webhooks/{id}/deliveries/{deliveryId}: the delivery, the body sent and every attempt, newest first. */
export const webhookDeliveryAnswerSchema = z.object({
  delivery: webhookDeliveryViewSchema,
  payload: webhookPayloadSchema,
  attempts: z.array(webhookAttemptViewSchema),
});
export type WebhookDeliveryAnswer = z.infer<typeof webhookDeliveryAnswerSchema>;

export const webhookDeliveryParamsSchema = z.object({ id: idTextSchema, deliveryId: idTextSchema });
