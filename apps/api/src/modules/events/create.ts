import type { Db } from '@rope/db/client';
import { ropeEventHistory, ropeEvents } from '@rope/db/schema/index';
import { type Actor, can } from '@rope/domain/access/actor';
import { allowsMutations, type RopeEventBody } from '@rope/domain/events/forms';
import type { RopeAttributes } from '@rope/domain/ropes/schemas';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { keepAnswerWithWrite } from '../../http/idempotency/index.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { refreshRopeDamage } from '../damage/index.ts';
import { enqueueEventTrigger, hasNotificationRules } from '../notification-triggers/index.ts';
import { findRope } from '../ropes/index.ts';
import { columnsOf, MUTATIONS_REFUSED } from './internal.ts';
import { emitRopeEventWebhooks } from './webhooks.ts';

type Place = Awaited<ReturnType<typeof findRope>>;

/** The rope the actor may write events on, with its installation and area. */
export async function writableRope(ctx: AppContext, actor: Actor, ropeId: number): Promise<Place> {
  assertCan(actor, 'DOMAIN_WRITE', 'DATA_IMPORT');
  const place = await findRope(ctx, actor, ropeId);
  assertWritable([place.rope, place.installation, place.area]);
  return place;
}

function refuseMutations(rope: { attributes: RopeAttributes }, inputs: readonly RopeEventBody[]) {
  if (inputs.some((input) => input.attributes.recordingType === 'mutation') && !allowsMutations(rope.attributes)) {
    throw new AppError('RULE_VIOLATION', MUTATIONS_REFUSED);
  }
}

/**
 * Writes events of one rope in the caller's transaction, each with its history row and notification trigger, then
 * recomputes the rope's damage once. Answers the new ids in order and whether the stored damage changed.
 */
export async function insertEvents(
  tx: Db,
  ctx: AppContext,
  actor: Actor,
  { rope, installation }: Place,
  inputs: readonly RopeEventBody[],
): Promise<{ ids: number[]; ropeChanged: boolean }> {
  refuseMutations(rope, inputs);
  // Only the import role and internal accounts mark events as imported; people record their own.
  const rows = inputs.map((input) => ({
    position: input.position,
    attributes: { ...input.attributes, isImported: input.attributes.isImported && can(actor, 'DATA_IMPORT') },
  }));
  const ids: number[] = [];
  // What follows the inserts is sent together, in this order, each statement without waiting for the answer to the
  // one before (a round trip costs about as much as a small statement's work): the history, the triggers, the
  // webhooks' check and the damage refresh, which reads the events once they are in.
  const following: Promise<unknown>[] = [];
  try {
    for (let from = 0; from < rows.length; from += 1000) {
      const chunk = rows.slice(from, from + 1000);
      const inserted = await tx
        .insert(ropeEvents)
        .values(
          chunk.map((row) => ({
            ropeId: rope.id,
            createdByUserId: actor.userId,
            ...columnsOf(row.position, row.attributes),
          })),
        )
        .returning({ id: ropeEvents.id });
      // A sequence hands out ids in the order of the rows of one statement.
      const chunkIds = inserted.map((row) => row.id).sort((a, b) => a - b);
      following.push(
        tx
          .insert(ropeEventHistory)
          .values(
            chunk.map((row, i) => ({
              eventId: chunkIds[i]!,
              userId: actor.userId,
              action: 'create' as const,
              position: row.position,
              attributes: row.attributes,
            })),
          )
          .execute(),
      );
      ids.push(...chunkIds);
    }
  } catch (error) {
    // A later chunk's insert failed: the history sent before it is answered too, and none of it may go unhandled.
    await Promise.allSettled(following);
    throw error;
  }
  if (hasNotificationRules(installation)) {
    for (const [i, id] of ids.entries()) {
      const { recordingType, type } = rows[i]!.attributes;
      following.push(enqueueEventTrigger(tx, ctx, { id, ropeId: rope.id, recordingType, type }));
    }
  }
  const created = ids.map((id, i) => ({ id, isDeleted: false, ...rows[i]! }));
  following.push(emitRopeEventWebhooks(tx, ctx, 'created', { rope, installation }, created));
  const refreshed = refreshRopeDamage(tx, ctx, rope.id, installation);
  const [ropeChanged] = await Promise.all([refreshed, ...following]);
  return { ids, ropeChanged };
}

/**
 * Records an event on a rope: people and internal accounts, and import accounts that deliver inspections. The rope's
 * damage follows in the same transaction; notification rules hear of the event.
 */
export async function createEvent({ ctx, actor, input, request }: ActionArgs<RopeEventBody>) {
  const place = await writableRope(ctx, actor, input.rope.id);
  refuseMutations(place.rope, [input]);
  return ctx.db.transaction(async (tx) => {
    const created = await insertEvents(tx, ctx, actor, place, [input]);
    const answer = { ropeEvent: { id: created.ids[0]! }, ropeChanged: created.ropeChanged };
    // A device's resend under the same key gets this answer, never a second event.
    await keepAnswerWithWrite(tx, request, answer);
    return answer;
  });
}
