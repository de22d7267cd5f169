import type { components, operations } from '@rope/api-client';

/** The answers as the API's document types them (@rope/api-client). */
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookAttempt = components['schemas']['WebhookAttempt'];
export type WebhookPayload = components['schemas']['WebhookPayload'];
type Answer<Operation extends keyof operations> = operations[Operation] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;
/** A delivery with the body it sends and every attempt. */
export type WebhookDeliveryAnswer = Answer<'getWebhookDelivery'>;
/** An endpoint with its signing secret: answered once, when it is made and when its secret is rotated. */
export type WebhookEndpointWithSecret = Answer<'createWebhookEndpoint'>;
