import { ropeEventHistory, ropeEvents } from '@rope/db/schema/index';
import { can } from '@rope/domain/access/actor';
import { allowsMutations, type RopeEventBody } from '@rope/domain/events/forms';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { assertWritable } from '../hierarchy/scope.ts';
import { enqueueEventTrigger, hasNotificationRules } from '../notifications/triggers.ts';
import { findRope } from '../ropes/internal.ts';
import { columnsOf, MUTATIONS_REFUSED } from './internal.ts';
import { refreshRopeDamage } from './refresh-damage.ts';

/**
 * Records an event on a rope: people and internal accounts, and import accounts that deliver inspections. The rope's
 * damage follows in the same transaction; notification rules hear of the event.
 */
export async function createEvent({ ctx, actor, input }: ActionArgs<RopeEventBody>) {
  assertCan(actor, 'DOMAIN_WRITE', 'DATA_IMPORT');
  const { rope, installation, area } = await findRope(ctx, actor, input.rope.id);
  assertWritable([rope, installation, area]);
  if (input.attributes.recordingType === 'mutation' && !allowsMutations(rope.attributes)) {
    throw new AppError('RULE_VIOLATION', MUTATIONS_REFUSED);
  }
  // Only the import role and internal accounts mark events as imported; people record their own.
  const attributes = { ...input.attributes, isImported: input.attributes.isImported && can(actor, 'DATA_IMPORT') };
  const created = await ctx.db.transaction(async (tx) => {
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
  return { ropeEvent: { id: created.id }, ropeChanged: created.ropeChanged };
}
