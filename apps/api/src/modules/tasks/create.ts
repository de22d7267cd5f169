import { taskNotes, tasks } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import type { TaskBody } from '@rope/domain/tasks/rules';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findEvent } from '../events/index.ts';
import { findRope } from '../ropes/index.ts';
import { asTaskInput, checkAssignees, columnsOf, writeAssignees } from './internal.ts';
import { emitTaskWebhook } from './webhooks.ts';

/** A task on a rope, optionally for one of its events, with its assignees and a first note. */
export async function createTask({ ctx, actor, input: body }: ActionArgs<TaskBody>) {
  assertCan(actor, 'DOMAIN_WRITE');
  const input = asTaskInput(body);
  const { rope, installation, area } = await findRope(ctx, actor, input.rope.id);
  assertWritable([rope, installation, area]);
  if (input.event) {
    const { event } = await findEvent(ctx, actor, input.event.id);
    if (event.ropeId !== rope.id) throw new AppError('VALIDATION', message('app.errors.taskEventOtherRope'));
  }
  await checkAssignees(ctx, actor, input, area.mandatorId);
  const task = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tasks)
      .values({
        ropeId: rope.id,
        eventId: input.event?.id ?? null,
        createdByUserId: actor.userId,
        ...columnsOf(input.attributes),
      })
      .returning({ id: tasks.id });
    await writeAssignees(
      tx,
      row!.id,
      input.assignedUsers.map((user) => user.id),
    );
    if (input.note?.trim())
      await tx.insert(taskNotes).values({ taskId: row!.id, userId: actor.userId, note: input.note });
    const task = { id: row!.id, eventId: input.event?.id ?? null, attributes: input.attributes };
    await emitTaskWebhook(tx, ctx, 'created', { rope, installation }, task);
    return { id: row!.id };
  });
  return { task };
}
