import type { Db } from '@rope/db/client';
import { users, webhookDeliveries, webhookEndpoints } from '@rope/db/schema/index';
import { can, seesMandator } from '@rope/domain/access/actor';
import type { WebhookEventType } from '@rope/domain/webhooks/event-types';
import type { WebhookPayload } from '@rope/domain/webhooks/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { randomToken } from '../../infra/crypto.ts';
import { jobRequest } from '../../infra/queue/define.ts';
import { actorForUser } from '../../session/load-actor.ts';
import { drainWebhookJob } from './drain.ts';

export interface WebhookMessage {
  eventKey: string;
  /** About an internal task: only for endpoints whose owner reads those. */
  internal: boolean;
  payload: WebhookPayload;
}

/** `msg_` and 24 random characters: the `webhook-id` a receiver deduplicates by. */
export const newMessageId = () => `msg_${randomToken(24)}`;

/** Whether the endpoint's owner may read this mandator's events, and internal ones. */
async function ownerRights(tx: Db, ownerUserId: number | null, mandatorId: number) {
  const none = { reads: false, readsInternal: false };
  if (ownerUserId === null) return none;
  const [owner] = await tx
    .select({ id: users.id, roles: users.roles, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, ownerUserId));
  if (!owner?.isActive) return none;
  const actor = await actorForUser(tx, owner, 'session');
  if (!can(actor, 'WEBHOOK_MANAGE') || !seesMandator(actor, mandatorId)) return none;
  return { reads: true, readsInternal: can(actor, 'TASK_INTERNAL') };
}

/**
 * One delivery per endpoint of the mandator that takes the type and whose owner may read the message, written in
 * the transaction of the change (so deliveries are numbered in the order the changes were made, and exist exactly
 * when they committed), with one drain job per endpoint. A message already delivered to an endpoint is not again.
 */
export async function fanOutWebhookMessages(
  tx: Db,
  ctx: Pick<AppContext, 'queue'>,
  mandatorId: number,
  type: WebhookEventType,
  messages: WebhookMessage[],
): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, ownerUserId: webhookEndpoints.ownerUserId })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.mandatorId, mandatorId),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.eventTypes} @> ${JSON.stringify([type])}::jsonb`,
      ),
    )
    .orderBy(webhookEndpoints.id);
  for (const endpoint of endpoints) {
    const rights = await ownerRights(tx, endpoint.ownerUserId, mandatorId);
    if (!rights.reads) continue;
    const wanted = messages.filter((message) => !message.internal || rights.readsInternal);
    if (wanted.length === 0) continue;
    const created = await tx
      .insert(webhookDeliveries)
      .values(
        wanted.map((message) => ({
          endpointId: endpoint.id,
          messageId: newMessageId(),
          eventKey: message.eventKey,
          eventType: message.payload.type,
          payload: message.payload,
        })),
      )
      .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventKey] })
      .returning({ id: webhookDeliveries.id });
    const first = Math.min(...created.map((row) => row.id));
    if (created.length) {
      await ctx.queue.enqueue(jobRequest(drainWebhookJob, { endpointId: endpoint.id }, `webhook-drain:${first}`), tx);
    }
  }
}
