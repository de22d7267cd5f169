import { ropeEventHistory, ropeEvents } from '@rope/db/schema/index';
import {
  allowsMutations,
  type RopeEventBody,
  type RopeEventPatch,
  ropeEventMergedSchema,
} from '@rope/domain/event-forms';
import type { RopeEventAttributes } from '@rope/domain/events';
import { changedKeys } from '@rope/domain/patch';
import { type Actor, can } from '@rope/domain/permissions';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { assertWritable, findRope } from '../hierarchy/scope.ts';
import { enqueueEventTrigger, hasNotificationRules } from '../notifications/triggers.ts';
import { findEvent } from './find-event.ts';
import { refreshRopeDamage } from './refresh-damage.ts';

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
    if (hasNotificationRules(installation)) {
      const { recordingType, type } = attributes;
      await enqueueEventTrigger(tx, ctx, { id: row!.id, ropeId: rope.id, recordingType, type });
    }
    const ropeChanged = await refreshRopeDamage(tx, ctx, rope.id, installation);
    return { id: row!.id, ropeChanged };
  });
}

/** Imported measurements stay as the device reported them; people still triage and archive them. */
const IMPORTED_EVENT_CHANGES = new Set(['isDeleted', 'actionStatus']);

export async function updateEvent({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: number;
  input: RopeEventPatch;
}) {
  const { event, rope, installation, area } = await findEvent(ctx, actor, id);
  const { actionStatus, ...patch } = input;
  if (actionStatus !== undefined) patch.attributes = { ...patch.attributes, actionStatus };
  const current = { position: event.position, attributes: event.attributes, isDeleted: event.isDeleted };
  const { value, changed } = applyPatch({ entity: 'ropeEvent', current, patch, schema: ropeEventMergedSchema });
  if (changed.length === 0) return { ropeChanged: false };
  assertWritable([rope, installation, area]);
  if (event.isDeleted && value.isDeleted) {
    throw new AppError('RULE_VIOLATION', 'Archived items are read-only: restore it first');
  }
  const attributes = { ...value.attributes, isImported: event.attributes.isImported };
  const changedAttributes = changedKeys(event.attributes, attributes);
  if (
    event.attributes.isImported &&
    [...changed.filter((key) => key !== 'attributes'), ...changedAttributes].some(
      (key) => !IMPORTED_EVENT_CHANGES.has(key),
    )
  ) {
    throw new AppError('RULE_VIOLATION', 'Imported events cannot be changed');
  }
  if (changedAttributes.length > 0 && attributes.recordingType === 'mutation' && !allowsMutations(rope.attributes)) {
    throw new AppError('RULE_VIOLATION', 'Mutations are recorded for stranded ropes and track ropes only');
  }
  const { position, isDeleted } = value;
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(ropeEvents)
      .set({ ...columnsOf(position, attributes), isDeleted, updatedAt: new Date() })
      .where(eq(ropeEvents.id, id));
    const action = isDeleted === event.isDeleted ? 'update' : isDeleted ? 'archive' : 'restore';
    await tx.insert(ropeEventHistory).values({ eventId: id, userId: actor.userId, action, position, attributes });
    return { ropeChanged: await refreshRopeDamage(tx, ctx, rope.id, installation) };
  });
}

export async function deleteEvent({ ctx, actor, id }: { ctx: AppContext; actor: Actor; id: number }) {
  const { rope, installation, area } = await findEvent(ctx, actor, id);
  assertWritable([rope, installation, area]);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(ropeEvents).where(eq(ropeEvents.id, id));
    await refreshRopeDamage(tx, ctx, rope.id, installation);
  });
}
