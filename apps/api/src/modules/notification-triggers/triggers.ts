import { randomUUID } from 'node:crypto';
import type { Db } from '@rope/db/client';
import type { NotificationSettings } from '@rope/domain/notifications/schemas';
import { type NotificationTrigger, triggerKey } from '@rope/domain/notifications/triggers';
import type { RopeDamages } from '@rope/domain/ropes/schemas';
import type { AppContext } from '../../context.ts';
import { jobRequest } from '../../infra/queue/define.ts';
import { EVALUATE_RULES } from './evaluate-rules-request.ts';

type Enqueuer = Pick<AppContext, 'queue'>;

/** Installations without rules get no evaluate jobs: most never configure notifications. */
export function hasNotificationRules(installation: { notificationSettings: NotificationSettings | null }): boolean {
  return Boolean(installation.notificationSettings?.rules.length);
}

/** Written into the outbox inside the caller's transaction: the job exists exactly when the change committed. */
async function enqueueTrigger(tx: Db, ctx: Enqueuer, trigger: NotificationTrigger) {
  await ctx.queue.enqueue(jobRequest(EVALUATE_RULES, trigger, `evaluate:${triggerKey(trigger)}`), tx);
}

export function enqueueEventTrigger(
  tx: Db,
  ctx: Enqueuer,
  event: { id: number; ropeId: number; recordingType: string; type: string },
) {
  return enqueueTrigger(tx, ctx, { kind: 'event', ...event });
}

/** After the rope's stored damages changed in this transaction, with the health they now hold; each change is its own trigger. */
export async function enqueueHealthTrigger(tx: Db, ctx: Enqueuer, ropeId: number, health: RopeDamages['health']) {
  await enqueueTrigger(tx, ctx, { kind: 'health', id: `${ropeId}:${randomUUID()}`, ropeId, health });
}

/** For the documents feature: a document added to an installation or one of its ropes. */
export function enqueueDocumentTrigger(
  tx: Db,
  ctx: Enqueuer,
  input: { documentId: number; installationId: number; ropeId?: number },
) {
  return enqueueTrigger(tx, ctx, {
    kind: 'document',
    id: input.documentId,
    installationId: input.installationId,
    ...(input.ropeId ? { ropeId: input.ropeId } : {}),
  });
}

/** For the smartrope ingest: a smartrope event on a rope, by its peak and the value it settled at. */
export function enqueueSmartropeTrigger(
  tx: Db,
  ctx: Enqueuer,
  input: { smartropeEventId: number; ropeId: number; measuredAt: Date; value: number; settledValue?: number },
) {
  return enqueueTrigger(tx, ctx, {
    kind: 'smartrope',
    smartropeEventId: input.smartropeEventId,
    measuredAt: input.measuredAt.toISOString(),
    ropeId: input.ropeId,
    value: input.value,
    ...(input.settledValue === undefined ? {} : { settledValue: input.settledValue }),
  });
}
