import { randomUUID } from 'node:crypto';
import type { Db } from '@rope/db/client';
import { ropes } from '@rope/db/schema/index';
import { idSchema } from '@rope/domain/common';
import type { NotificationSettings } from '@rope/domain/notifications';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { JOB_EVALUATE, NOTIFICATIONS_QUEUE } from './queues.ts';

const id = idSchema;
const key = z.string().min(1).max(120);

/** What the evaluate job carries: one change that rules may react to. */
export const triggerPayloadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('event'), id, ropeId: id, recordingType: z.string().max(32), type: z.string().max(32) }),
  // health is null while the rope's damage is unknown (a rule set input missing).
  z.object({ kind: z.literal('health'), id: key, ropeId: id, health: z.number().finite().nullable() }),
  z.object({ kind: z.literal('document'), id, installationId: id, ropeId: id.optional() }),
  z.object({ kind: z.literal('smartrope'), id: key, smartropeEventId: id, ropeId: id, value: z.number().finite() }),
]);
export type TriggerPayload = z.infer<typeof triggerPayloadSchema>;

type Enqueuer = Pick<AppContext, 'queue'>;

/** Installations without rules get no evaluate jobs: most never configure notifications. */
export function hasNotificationRules(installation: { notificationSettings: NotificationSettings | null }): boolean {
  return Boolean(installation.notificationSettings?.rules.length);
}

/** Written into the outbox inside the caller's transaction: the job exists exactly when the change committed. */
async function enqueueTrigger(tx: Db, ctx: Enqueuer, trigger: TriggerPayload) {
  await ctx.queue.enqueue(
    {
      queue: NOTIFICATIONS_QUEUE,
      name: JOB_EVALUATE,
      payload: trigger,
      idempotencyKey: `evaluate:${trigger.kind}:${trigger.id}`,
    },
    tx,
  );
}

export function enqueueEventTrigger(
  tx: Db,
  ctx: Enqueuer,
  event: { id: number; ropeId: number; recordingType: string; type: string },
) {
  return enqueueTrigger(tx, ctx, { kind: 'event', ...event });
}

/** After the rope's stored damages changed in this transaction; each change is its own trigger. */
export async function enqueueHealthTrigger(tx: Db, ctx: Enqueuer, ropeId: number) {
  const [rope] = await tx.select({ damages: ropes.damages }).from(ropes).where(eq(ropes.id, ropeId));
  if (!rope?.damages) return;
  await enqueueTrigger(tx, ctx, {
    kind: 'health',
    id: `${ropeId}:${randomUUID()}`,
    ropeId,
    health: rope.damages.health,
  });
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

/** For the smartrope ingest: one measurement of a smartrope event on a rope. */
export function enqueueSmartropeTrigger(
  tx: Db,
  ctx: Enqueuer,
  input: { smartropeEventId: number; ropeId: number; measuredAt: Date; value: number },
) {
  return enqueueTrigger(tx, ctx, {
    kind: 'smartrope',
    id: `${input.smartropeEventId}:${input.measuredAt.getTime()}`,
    smartropeEventId: input.smartropeEventId,
    ropeId: input.ropeId,
    value: input.value,
  });
}
