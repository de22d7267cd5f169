import { queryRows } from '@rope/db/client';
import { webhookDeliveries, webhookEndpoints } from '@rope/db/schema/index';
import { attemptError } from '@rope/domain/webhooks/attempt-errors';
import { nextRetryDelayMs } from '@rope/domain/webhooks/rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob, jobRequest } from '../../infra/queue/define.ts';
import { attemptDelivery } from './attempt.ts';
import { disableFailingEndpoint } from './disable-failing.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** One run sends at most this many, then hands over to a new job, so one busy endpoint does not hold a worker. */
const DELIVERIES_PER_RUN = 50;
const LEASE_SECONDS = 120;

async function takeLease(ctx: AppContext, endpointId: number): Promise<EndpointRow | undefined> {
  const [endpoint] = await ctx.db
    .update(webhookEndpoints)
    .set({ drainLeaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.enabled, true),
        sql`(${webhookEndpoints.drainLeaseUntil} is null or ${webhookEndpoints.drainLeaseUntil} < now())`,
      ),
    )
    .returning();
  return endpoint;
}

async function releaseLease(ctx: AppContext, endpointId: number) {
  await ctx.db.update(webhookEndpoints).set({ drainLeaseUntil: null }).where(eq(webhookEndpoints.id, endpointId));
}

function oldestPending(ctx: AppContext, endpointId: number) {
  return ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')))
    .orderBy(asc(webhookDeliveries.id))
    .limit(1)
    .then((rows) => rows[0]);
}

type RunEnd = 'empty' | 'waiting' | 'handed-over' | 'given-up';

function retryDrain(deliveryId: number, endpointId: number, attempts: number, delayMs: number) {
  const key = `webhook-drain:${deliveryId}:retry:${attempts}`;
  return { ...jobRequest(drainWebhookJob, { endpointId }, key), delayMs };
}

/**
 * Sends due deliveries oldest first and stops at the first that fails: the rest wait behind it in their order, its
 * retry planned in the same transaction as the failure it follows.
 */
async function sendDue(ctx: AppContext, endpoint: EndpointRow): Promise<RunEnd> {
  for (let sent = 0; ; sent++) {
    const delivery = await oldestPending(ctx, endpoint.id);
    if (!delivery) return 'empty';
    if (delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > Date.now()) return 'waiting';
    if (sent === DELIVERIES_PER_RUN) {
      const key = `webhook-drain:${endpoint.id}:continue:${delivery.id}`;
      await ctx.queue.enqueue(jobRequest(drainWebhookJob, { endpointId: endpoint.id }, key));
      return 'handed-over';
    }
    const answer = await attemptDelivery(ctx, endpoint, delivery, 'auto');
    const attempts = delivery.attempts + 1;
    const outcome = { attempts, lastStatusCode: answer.statusCode, lastError: answer.error };
    if (answer.ok) {
      await ctx.db
        .update(webhookDeliveries)
        .set({ ...outcome, status: 'delivered', deliveredAt: new Date(), nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      continue;
    }
    const delay = nextRetryDelayMs(attempts);
    if (delay === null) {
      await ctx.db
        .update(webhookDeliveries)
        .set({ ...outcome, status: 'failed', nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      await disableFailingEndpoint(ctx, endpoint, answer.error ?? attemptError.answered(answer.statusCode ?? 0));
      return 'given-up';
    }
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({ ...outcome, nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})` })
        .where(eq(webhookDeliveries.id, delivery.id));
      await ctx.queue.enqueue(retryDrain(delivery.id, endpoint.id, attempts, delay), tx);
    });
    return 'waiting';
  }
}

interface DueRow extends Record<string, unknown> {
  due: boolean;
}

async function headIsDue(ctx: AppContext, endpointId: number): Promise<boolean> {
  const [row] = await queryRows<DueRow>(
    ctx.db,
    sql`select (next_attempt_at is null or next_attempt_at <= now()) as due from webhook_deliveries
        where endpoint_id = ${endpointId} and status = 'pending' order by id limit 1`,
  );
  return Boolean(row?.due);
}

/**
 * Sends the endpoint's due deliveries, one process at a time (a lease on the endpoint), in the order their events
 * happened. A drain that finds the lease taken leaves the work to its holder, which looks again after letting go.
 */
export async function drainEndpoint(ctx: AppContext, endpointId: number): Promise<void> {
  for (;;) {
    const endpoint = await takeLease(ctx, endpointId);
    if (!endpoint) return;
    let end: RunEnd;
    try {
      end = await sendDue(ctx, endpoint);
    } finally {
      await releaseLease(ctx, endpointId);
    }
    // A delivery made while this run held the lease found it taken: look again now the lease is free.
    if (end !== 'empty' || !(await headIsDue(ctx, endpointId))) return;
  }
}

/** Sends an endpoint's due deliveries in order; retries plan their own later run, so a repeat sends nothing twice. */
export const drainWebhookJob = defineJob({
  queue: 'webhooks',
  name: 'drain',
  payload: z.object({ endpointId: z.number().int() }),
  handle: (ctx, { endpointId }) => drainEndpoint(ctx, endpointId),
});
