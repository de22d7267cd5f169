import type { Db } from '@rope/db/client';
import { taskAssignees, tasks, userMandators, users } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { assigneeProblem, isAssignableBy, NOT_ASSIGNABLE, type TaskBody } from '@rope/domain/tasks/rules';
import type { TaskAttributes } from '@rope/domain/tasks/schemas';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { areaVisibleTo } from '../../tenancy/scope.ts';
import { shownEmail } from '../users/index.ts';
import { loadTasks } from './load.ts';

/** A task as its verbs take it: the body, its attributes typed as stored. */
export type TaskInput = Omit<TaskBody, 'attributes'> & { attributes: TaskAttributes };

export const asTaskInput = (task: TaskBody): TaskInput => ({ ...task, attributes: task.attributes as TaskAttributes });

/** Fetch-or-404: a task on a rope the viewer does not see answers exactly like a missing one. */
export async function findTask(ctx: AppContext, viewer: Actor, id: number) {
  const [task] = await loadTasks(ctx.db, and(eq(tasks.id, id), areaVisibleTo(viewer)));
  if (!task) throw notFound(message('app.errors.noSuchTask'));
  return task;
}

export async function candidates(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: users.id,
      email: shownEmail(),
      firstname: users.firstname,
      lastname: users.lastname,
      roles: users.roles,
      mandatorIds: sql<
        number[]
      >`coalesce(array_agg(${userMandators.mandatorId}) filter (where ${userMandators.mandatorId} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userMandators, eq(userMandators.userId, users.id))
    .where(where)
    .groupBy(users.id)
    .orderBy(asc(shownEmail()));
}

/**
 * Assignees are the people the actor may assign (`isAssignableBy`, the set the task dialog offers): who can see the
 * rope (the area's mandator), never API accounts, internal staff only for internal actors. An id outside that set
 * answers like a missing user (400 on `assignedUsers`), so neither other tenants' users nor internal staff show.
 */
export async function checkAssignees(ctx: AppContext, actor: Actor, input: TaskInput, mandatorId: number) {
  const ids = [...new Set(input.assignedUsers.map((user) => user.id))];
  const assignees = ids.length ? await candidates(ctx.db, inArray(users.id, ids)) : [];
  if (ids.length !== assignees.length || !assignees.every((user) => isAssignableBy(actor, user, mandatorId)))
    throw new AppError('VALIDATION', NOT_ASSIGNABLE, { assignedUsers: NOT_ASSIGNABLE });
  const problem = assigneeProblem(actor, input.attributes.isInternal, assignees);
  if (problem) throw new AppError('RULE_VIOLATION', problem);
}

/** The columns a task's attributes fill beside the attributes themselves. */
export function columnsOf(attributes: TaskAttributes) {
  return { attributes, status: attributes.status, dueAt: attributes.dueAt ? new Date(attributes.dueAt) : null };
}

export async function writeAssignees(db: Db, taskId: number, ids: number[]) {
  await db.delete(taskAssignees).where(eq(taskAssignees.taskId, taskId));
  if (ids.length) await db.insert(taskAssignees).values([...new Set(ids)].map((userId) => ({ taskId, userId })));
}
