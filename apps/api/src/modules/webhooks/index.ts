export { emitWebhookEvent, emitWebhookEvents, type WebhookEventInput } from './emit.ts';
export { linksOf } from './links.ts';
