import type { Db } from '@rope/db/client';
import { taskAssignees, taskNotes, tasks } from '@rope/db/schema/index';
import { englishText } from '@rope/domain/messages';
import type { Actor } from '@rope/domain/permissions';
import { estimateBendingCycles } from '@rope/domain/rope/bending-cycles';
import { assigneeProblem, mayBeAssigned, NOT_ASSIGNABLE, nextRecurrence, type TaskBody } from '@rope/domain/task-rules';
import type { TaskAttributes } from '@rope/domain/tasks';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { findEvent } from '../events/find-event.ts';
import { assertWritable, findRope } from '../hierarchy/scope.ts';
import { loadCandidates } from './assignable-users.ts';

type TaskInput = Omit<TaskBody, 'attributes'> & { attributes: TaskAttributes };

/**
 * Assignees are people who can see the rope (the area's mandator), never API accounts; an id outside that set answers
 * like a missing user, so other tenants' users stay invisible.
 */
async function checkAssignees(ctx: AppContext, actor: Actor, input: TaskInput, mandatorId: number) {
  const ids = [...new Set(input.assignedUsers.map((user) => user.id))];
  const assignees = await loadCandidates(ctx.db, ids);
  if (ids.length !== assignees.length || !assignees.every((user) => mayBeAssigned(user, mandatorId)))
    throw new AppError('VALIDATION', NOT_ASSIGNABLE, { assignedUsers: NOT_ASSIGNABLE });
  const problem = assigneeProblem(actor, input.attributes.isInternal, assignees);
  if (problem) throw new AppError('RULE_VIOLATION', englishText(problem));
}

const dueTime = (dueAt: string | null | undefined) => (dueAt ? Date.parse(dueAt) : null);

function columns(attributes: TaskAttributes) {
  return { attributes, status: attributes.status, dueAt: attributes.dueAt ? new Date(attributes.dueAt) : null };
}

async function writeAssignees(db: Db, taskId: number, ids: number[]) {
  await db.delete(taskAssignees).where(eq(taskAssignees.taskId, taskId));
  if (ids.length) await db.insert(taskAssignees).values([...new Set(ids)].map((userId) => ({ taskId, userId })));
}

export async function createTask({ ctx, actor, input }: { ctx: AppContext; actor: Actor; input: TaskInput }) {
  const { rope, installation, area } = await findRope(ctx, actor, input.rope.id);
  assertWritable([rope, installation, area]);
  if (input.event) {
    const { event } = await findEvent(ctx, actor, input.event.id);
    if (event.ropeId !== rope.id) throw new AppError('VALIDATION', 'The event belongs to another rope');
  }
  await checkAssignees(ctx, actor, input, area.mandatorId);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tasks)
      .values({
        ropeId: rope.id,
        eventId: input.event?.id ?? null,
        createdByUserId: actor.userId,
        ...columns(input.attributes),
      })
      .returning({ id: tasks.id });
    await writeAssignees(
      tx,
      row!.id,
      input.assignedUsers.map((user) => user.id),
    );
    if (input.note?.trim())
      await tx.insert(taskNotes).values({ taskId: row!.id, userId: actor.userId, note: input.note });
    return { id: row!.id };
  });
}

/** A recurring task set to done creates its successor in the same transaction. */
export async function updateTask({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: number;
  input: TaskInput;
}) {
  const [task] = await ctx.db.select().from(tasks).where(eq(tasks.id, id));
  if (!task) throw new AppError('NOT_FOUND', 'No such task');
  const { rope, installation, area } = await findRope(ctx, actor, task.ropeId);
  assertWritable([rope, installation, area]);
  await checkAssignees(ctx, actor, input, area.mandatorId);
  const completing = task.status !== 'done' && input.attributes.status === 'done';
  // A new due date or condition, or a reopened task, is announced to the assignees again when it falls due.
  const dueChanged =
    dueTime(task.attributes.dueAt) !== dueTime(input.attributes.dueAt) ||
    JSON.stringify(task.attributes.dueCondition ?? null) !== JSON.stringify(input.attributes.dueCondition ?? null) ||
    (task.status === 'done' && input.attributes.status !== 'done');
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(tasks)
      .set({ ...columns(input.attributes), updatedAt: new Date(), ...(dueChanged ? { dueNotifiedAt: null } : {}) })
      .where(eq(tasks.id, id));
    await writeAssignees(
      tx,
      id,
      input.assignedUsers.map((user) => user.id),
    );
    if (input.note?.trim()) await tx.insert(taskNotes).values({ taskId: id, userId: actor.userId, note: input.note });
    if (!completing) return { nextTaskId: null };
    const cycles = estimateBendingCycles(rope.attributes, installation.attributes, new Date());
    const next = nextRecurrence(input.attributes, new Date(), cycles);
    if (!next) return { nextTaskId: null };
    const [created] = await tx
      .insert(tasks)
      .values({
        ropeId: task.ropeId,
        eventId: task.eventId,
        previousTaskId: id,
        createdByUserId: actor.userId,
        ...columns(next),
      })
      .returning({ id: tasks.id });
    await writeAssignees(
      tx,
      created!.id,
      input.assignedUsers.map((user) => user.id),
    );
    return { nextTaskId: created!.id };
  });
}

export async function deleteTask({ ctx, actor, id }: { ctx: AppContext; actor: Actor; id: number }) {
  const [task] = await ctx.db.select().from(tasks).where(eq(tasks.id, id));
  if (!task) throw new AppError('NOT_FOUND', 'No such task');
  const { rope, installation, area } = await findRope(ctx, actor, task.ropeId);
  assertWritable([rope, installation, area]);
  await ctx.db.delete(tasks).where(eq(tasks.id, id));
}
