import { ropeEventHistory, ropeEvents } from '@rope/db/schema/index';
import { allowsMutations, type RopeEventBody } from '@rope/domain/event-forms';
import type { RopeEventAttributes } from '@rope/domain/events';
import { type Actor, can } from '@rope/domain/permissions';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { assertWritable, findRope } from '../hierarchy/scope.ts';
import { enqueueEventTrigger, enqueueHealthTrigger, hasNotificationRules } from '../notifications/triggers.ts';
import { findEvent } from './find-event.ts';
import { recomputeRopeDamages } from './recompute.ts';

function columnsOf(position: number | null, attributes: RopeEventAttributes) {
  return {
    position,
    attributes,
    occurredAt: new Date(attributes.timestamp),
    recordingType: attributes.recordingType,
    type: attributes.type,
  };
}

export async function createEvent({ ctx, actor, input }: { ctx: AppContext; actor: Actor; input: RopeEventBody }) {
  const { rope, installation, area } = await findRope(ctx, actor, input.rope.id);
  assertWritable([rope, installation, area]);
  if (input.attributes.recordingType === 'mutation' && !allowsMutations(rope.attributes)) {
    throw new AppError('RULE_VIOLATION', 'Mutations are recorded for stranded ropes and track ropes only');
  }
  // Only the import role and internal accounts mark events as imported; people record their own.
  const attributes = { ...input.attributes, isImported: input.attributes.isImported && can(actor, 'DATA_IMPORT') };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ropeEvents)
      .values({ ropeId: rope.id, createdByUserId: actor.userId, ...columnsOf(input.position, attributes) })
      .returning({ id: ropeEvents.id });
    await tx
      .insert(ropeEventHistory)
      .values({ eventId: row!.id, userId: actor.userId, action: 'create', position: input.position, attributes });
    const ropeChanged = await recomputeRopeDamages(tx, rope.id);
    if (hasNotificationRules(installation)) {
      const { recordingType, type } = attributes;
      await enqueueEventTrigger(tx, ctx, { id: row!.id, ropeId: rope.id, recordingType, type });
      if (ropeChanged) await enqueueHealthTrigger(tx, ctx, rope.id);
    }
    return { id: row!.id, ropeChanged };
  });
}

type EventPatch =
  | { actionStatus: RopeEventAttributes['actionStatus'] }
  | { isDeleted: boolean }
  | { position: number | null; attributes: RopeEventAttributes };

export async function updateEvent({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: number;
  input: EventPatch;
}) {
  const { event, rope, installation, area } = await findEvent(ctx, actor, id);
  assertWritable([rope, installation, area]);
  if (event.isDeleted && !('isDeleted' in input && input.isDeleted === false)) {
    throw new AppError('RULE_VIOLATION', 'Archived items are read-only: restore it first');
  }
  if (event.attributes.isImported && !('isDeleted' in input)) {
    throw new AppError('RULE_VIOLATION', 'Imported events cannot be changed');
  }
  let position = event.position;
  let attributes = event.attributes;
  let isDeleted = event.isDeleted;
  if ('actionStatus' in input) attributes = { ...attributes, actionStatus: input.actionStatus };
  else if ('isDeleted' in input) isDeleted = input.isDeleted;
  else {
    ({ position } = input);
    attributes = { ...input.attributes, isImported: event.attributes.isImported };
    if (attributes.recordingType === 'mutation' && !allowsMutations(rope.attributes)) {
      throw new AppError('RULE_VIOLATION', 'Mutations are recorded for stranded ropes and track ropes only');
    }
  }
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(ropeEvents)
      .set({ ...columnsOf(position, attributes), isDeleted, updatedAt: new Date() })
      .where(eq(ropeEvents.id, id));
    const action = isDeleted === event.isDeleted ? 'update' : isDeleted ? 'archive' : 'restore';
    await tx.insert(ropeEventHistory).values({ eventId: id, userId: actor.userId, action, position, attributes });
    const ropeChanged = await recomputeRopeDamages(tx, rope.id);
    if (ropeChanged && hasNotificationRules(installation)) await enqueueHealthTrigger(tx, ctx, rope.id);
    return { ropeChanged };
  });
}

export async function deleteEvent({ ctx, actor, id }: { ctx: AppContext; actor: Actor; id: number }) {
  const { rope, installation, area } = await findEvent(ctx, actor, id);
  assertWritable([rope, installation, area]);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(ropeEvents).where(eq(ropeEvents.id, id));
    const ropeChanged = await recomputeRopeDamages(tx, rope.id);
    if (ropeChanged && hasNotificationRules(installation)) await enqueueHealthTrigger(tx, ctx, rope.id);
  });
}
