import { webhookAttempts, webhookDeliveries } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { WEBHOOK_TEST_EVENT } from '@rope/domain/webhooks/event-types';
import type { WebhookDeliveryStatus, WebhookPayload } from '@rope/domain/webhooks/schemas';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { randomToken } from '../../infra/crypto.ts';
import { jobRequest } from '../../infra/queue/define.ts';
import type { ActionArgs } from '../action-args.ts';
import { attemptDelivery } from './attempt.ts';
import { drainWebhookJob } from './drain.ts';
import { newMessageId } from './fan-out.ts';
import { type EndpointRow, findVisibleEndpoint } from './find-endpoint.ts';
import { linksOf } from './links.ts';
import { attemptViewOf, deliveryViewOf } from './views.ts';

/** An endpoint's deliveries, newest first, a page at a time. */
export async function listWebhookDeliveries(
  args: ActionArgs<{ id: number; before?: number; limit: number; status?: WebhookDeliveryStatus }>,
) {
  const { ctx, actor, input } = args;
  const endpoint = await findVisibleEndpoint(ctx, actor, input.id);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpoint.id),
        input.before === undefined ? undefined : lt(webhookDeliveries.id, input.before),
        input.status === undefined ? undefined : eq(webhookDeliveries.status, input.status),
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    deliveries: page.map(deliveryViewOf),
    nextBefore: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

async function findDelivery(ctx: AppContext, endpoint: EndpointRow, deliveryId: number) {
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)));
  if (!row) throw notFound(message('app.errors.webhookDeliveryNotFound'));
  return row;
}

async function deliveryAnswer(ctx: AppContext, delivery: typeof webhookDeliveries.$inferSelect) {
  const attempts = await ctx.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, delivery.id))
    .orderBy(desc(webhookAttempts.id));
  return { delivery: deliveryViewOf(delivery), payload: delivery.payload, attempts: attempts.map(attemptViewOf) };
}

/** One delivery with the body it sends and every attempt, newest first. */
export async function getWebhookDelivery(args: ActionArgs<{ id: number; deliveryId: number }>) {
  const { ctx, actor, input } = args;
  const endpoint = await findVisibleEndpoint(ctx, actor, input.id);
  return deliveryAnswer(ctx, await findDelivery(ctx, endpoint, input.deliveryId));
}

/**
 * Sends the delivery once more, now, under the same message id (a receiver that had it drops the repeat), and answers
 * how it went. Sent, it counts as delivered; one that was holding up the deliveries behind it lets them go on.
 */
export async function resendWebhookDelivery(args: ActionArgs<{ id: number; deliveryId: number }>) {
  const { ctx, actor, input } = args;
  const endpoint = await findVisibleEndpoint(ctx, actor, input.id);
  const delivery = await findDelivery(ctx, endpoint, input.deliveryId);
  const answer = await attemptDelivery(ctx, endpoint, delivery, 'resend');
  const [updated] = await ctx.db
    .update(webhookDeliveries)
    .set({
      attempts: delivery.attempts + 1,
      lastStatusCode: answer.statusCode,
      lastError: answer.error,
      ...(answer.ok ? { status: 'delivered' as const, deliveredAt: new Date(), nextAttemptAt: null } : {}),
    })
    .where(eq(webhookDeliveries.id, delivery.id))
    .returning();
  if (answer.ok && delivery.status === 'pending') {
    const key = `webhook-drain:${endpoint.id}:resent:${delivery.id}:${randomToken(8)}`;
    await ctx.queue.enqueue(jobRequest(drainWebhookJob, { endpointId: endpoint.id }, key));
  }
  return deliveryAnswer(ctx, updated!);
}

/** A `webhook.test` message, queued behind the endpoint's other deliveries: a receiver checks its signature code. */
export async function sendWebhookTest(args: ActionArgs<{ id: number }>) {
  const { ctx, actor, input } = args;
  const endpoint = await findVisibleEndpoint(ctx, actor, input.id);
  const payload: WebhookPayload = {
    type: WEBHOOK_TEST_EVENT,
    timestamp: new Date().toISOString(),
    data: {
      mandator: { id: endpoint.mandatorId },
      endpoint: {
        id: endpoint.id,
        links: linksOf(ctx, { cockpit: `/webhooks/${endpoint.id}`, api: `/webhooks/${endpoint.id}` }),
      },
    },
  };
  const delivery = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        messageId: newMessageId(),
        eventKey: `${WEBHOOK_TEST_EVENT}:${randomToken(16)}`,
        eventType: WEBHOOK_TEST_EVENT,
        payload,
      })
      .returning();
    await ctx.queue.enqueue(
      jobRequest(drainWebhookJob, { endpointId: endpoint.id }, `webhook-drain:${created!.id}`),
      tx,
    );
    return created!;
  });
  return deliveryAnswer(ctx, delivery);
}
