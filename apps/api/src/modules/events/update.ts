import { ropeEventHistory, ropeEvents } from '@rope/db/schema/index';
import { allowsMutations, type RopeEventPatch, ropeEventMergedSchema } from '@rope/domain/events/forms';
import { message } from '@rope/domain/messages';
import { changedKeys } from '@rope/domain/patch';
import { eq } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { assertCan } from '../../http/guards.ts';
import { archived, assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { refreshRopeDamage } from '../damage/index.ts';
import { columnsOf, findEvent, MUTATIONS_REFUSED } from './internal.ts';
import { emitRopeEventWebhooks } from './webhooks.ts';

/** Imported measurements stay as the device reported them; people still triage and archive them. */
const IMPORTED_EVENT_CHANGES = new Set(['isDeleted', 'actionStatus']);

/** Any part of the event as GET answers it, `actionStatus` beside it; the rope's damage follows. */
export async function updateEvent({ ctx, actor, input }: ActionArgs<{ id: number; patch: RopeEventPatch }>) {
  assertCan(actor, 'DOMAIN_WRITE');
  const { event, rope, installation, area } = await findEvent(ctx, actor, input.id);
  const { id } = event;
  const { actionStatus, ...patch } = input.patch;
  if (actionStatus !== undefined) patch.attributes = { ...patch.attributes, actionStatus };
  const current = { position: event.position, attributes: event.attributes, isDeleted: event.isDeleted };
  const { value, changed } = applyPatch({ entity: 'ropeEvent', current, patch, schema: ropeEventMergedSchema });
  if (changed.length === 0) return { ropeChanged: false };
  assertWritable([rope, installation, area]);
  if (event.isDeleted && value.isDeleted) {
    throw archived();
  }
  const attributes = { ...value.attributes, isImported: event.attributes.isImported };
  const changedAttributes = changedKeys(event.attributes, attributes);
  if (
    event.attributes.isImported &&
    [...changed.filter((key) => key !== 'attributes'), ...changedAttributes].some(
      (key) => !IMPORTED_EVENT_CHANGES.has(key),
    )
  ) {
    throw new AppError('RULE_VIOLATION', message('events.validation.importedReadOnly'));
  }
  if (changedAttributes.length > 0 && attributes.recordingType === 'mutation' && !allowsMutations(rope.attributes)) {
    throw new AppError('RULE_VIOLATION', MUTATIONS_REFUSED);
  }
  const { position, isDeleted } = value;
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(ropeEvents)
      .set({ ...columnsOf(position, attributes), isDeleted, updatedAt: new Date() })
      .where(eq(ropeEvents.id, id));
    const action = isDeleted === event.isDeleted ? 'update' : isDeleted ? 'archive' : 'restore';
    await tx.insert(ropeEventHistory).values({ eventId: id, userId: actor.userId, action, position, attributes });
    await emitRopeEventWebhooks(tx, ctx, 'changed', { rope, installation }, [{ id, position, isDeleted, attributes }]);
    return { ropeChanged: await refreshRopeDamage(tx, ctx, rope.id, installation) };
  });
}
