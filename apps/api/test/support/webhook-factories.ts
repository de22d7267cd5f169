import { webhookDeliveries, webhookEndpoints } from '@rope/db/schema/index';
import type { WebhookEventType } from '@rope/domain/webhooks/event-types';
import type { AppContext } from '../../src/context.ts';
import { randomToken } from '../../src/infra/crypto.ts';
import { newWebhookSecret, sealSecret } from '../../src/modules/webhooks/secrets.ts';

/** A webhook endpoint as if registered by its owner; answers the row and its secret. */
export async function seedWebhookEndpoint(
  ctx: Pick<AppContext, 'db' | 'env'>,
  options: { mandatorId: number; ownerUserId: number; url?: string; eventTypes?: WebhookEventType[] },
) {
  const secret = newWebhookSecret();
  const [endpoint] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      mandatorId: options.mandatorId,
      ownerUserId: options.ownerUserId,
      // Port 9 (discard): nothing listens, so a send fails at once without leaving the machine.
      url: options.url ?? 'http://127.0.0.1:9/hooks',
      eventTypes: options.eventTypes ?? ['rope_event.created'],
      secretSealed: await sealSecret(ctx, secret),
    })
    .returning();
  return { endpoint: endpoint!, secret };
}

/** A delivered test message of the endpoint. */
export async function seedWebhookDelivery(ctx: Pick<AppContext, 'db'>, endpointId: number) {
  const [delivery] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      endpointId,
      messageId: `msg_${randomToken(24)}`,
      eventKey: `webhook.test:${randomToken(16)}`,
      eventType: 'webhook.test',
      payload: { type: 'webhook.test', timestamp: new Date().toISOString(), data: {} },
      status: 'delivered',
      attempts: 1,
      deliveredAt: new Date(),
    })
    .returning();
  return delivery!;
}
