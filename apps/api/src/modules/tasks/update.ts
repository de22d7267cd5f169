import type { Db } from '@rope/db/client';
import { taskNotes, tasks } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { nextRecurrence, type TaskPatch, taskBodySchema } from '@rope/domain/tasks/rules';
import { eq } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { assertCan } from '../../http/guards.ts';
import { keepAnswerWithWrite } from '../../http/idempotency/index.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope, loadRopeCycles } from '../ropes/index.ts';
import { asTaskInput, checkAssignees, columnsOf, findTask, writeAssignees } from './internal.ts';
import { loadTasks } from './load.ts';
import { emitTaskWebhook } from './webhooks.ts';

const dueTime = (dueAt: string | null | undefined) => (dueAt ? Date.parse(dueAt) : null);

/**
 * Any part of the task as GET answers it, and a note to add; a task stays with its rope and event. A recurring task
 * set to done creates its successor in the same transaction.
 */
export async function updateTask({ ctx, actor, input: sent, request }: ActionArgs<{ id: number; patch: TaskPatch }>) {
  assertCan(actor, 'DOMAIN_WRITE');
  const stored = await findTask(ctx, actor, sent.id);
  const { note, ...patch } = sent.patch;
  const { value, changed } = applyPatch({
    entity: 'task',
    current: {
      rope: { id: stored.rope.id },
      event: stored.event,
      assignedUsers: stored.assignedUsers.map((user) => ({ id: user.id })),
      attributes: stored.attributes,
    },
    patch,
    schema: taskBodySchema,
  });
  for (const fixed of ['rope', 'event'] as const) {
    if (changed.includes(fixed)) {
      const keeps = message(fixed === 'rope' ? 'app.errors.taskKeepsRope' : 'app.errors.taskKeepsEvent');
      throw new AppError('VALIDATION', keeps, { [`task.${fixed}`]: keeps });
    }
  }
  if (changed.length === 0 && !note?.trim()) return { task: stored, nextTask: null };
  const input = asTaskInput({ ...value, note });
  const id = stored.id;
  const { rope, installation, area } = await findRope(ctx, actor, stored.rope.id);
  assertWritable([rope, installation, area]);
  await checkAssignees(ctx, actor, input, area.mandatorId);
  const completing = stored.status !== 'done' && input.attributes.status === 'done';
  // A new due date or condition, or a reopened task, is announced to the assignees again when it falls due.
  const dueChanged =
    dueTime(stored.attributes.dueAt) !== dueTime(input.attributes.dueAt) ||
    JSON.stringify(stored.attributes.dueCondition ?? null) !== JSON.stringify(input.attributes.dueCondition ?? null) ||
    (stored.status === 'done' && input.attributes.status !== 'done');
  // A recurring task set to done: its successor.
  const complete = async (tx: Db): Promise<number | null> => {
    const place = { rope, installation };
    await emitTaskWebhook(tx, ctx, 'done', place, { id, eventId: stored.event?.id, attributes: input.attributes });
    const completedAt = new Date();
    const cycles = (await loadRopeCycles(tx, [rope.id], completedAt)).get(rope.id)?.bendingCycles;
    const next = nextRecurrence(input.attributes, completedAt, cycles);
    if (!next) return null;
    const [created] = await tx
      .insert(tasks)
      .values({
        ropeId: rope.id,
        eventId: stored.event?.id ?? null,
        previousTaskId: id,
        createdByUserId: actor.userId,
        ...columnsOf(next),
      })
      .returning({ id: tasks.id });
    await writeAssignees(
      tx,
      created!.id,
      input.assignedUsers.map((user) => user.id),
    );
    await emitTaskWebhook(tx, ctx, 'created', place, { id: created!.id, eventId: stored.event?.id, attributes: next });
    return created!.id;
  };
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(tasks)
      .set({ ...columnsOf(input.attributes), updatedAt: new Date(), ...(dueChanged ? { dueNotifiedAt: null } : {}) })
      .where(eq(tasks.id, id));
    await writeAssignees(
      tx,
      id,
      input.assignedUsers.map((user) => user.id),
    );
    if (input.note?.trim()) await tx.insert(taskNotes).values({ taskId: id, userId: actor.userId, note: input.note });
    const nextTaskId = completing ? await complete(tx) : null;
    const [task] = await loadTasks(tx, eq(tasks.id, id));
    const answer = { task: task!, nextTask: nextTaskId ? { id: nextTaskId } : null };
    // A device's resend under the same key gets this answer, never a second note or successor.
    await keepAnswerWithWrite(tx, request, answer);
    return answer;
  });
}
