import type { Db } from '@rope/db/client';
import { areas, installations, ropes, taskAssignees, tasks, users } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { isPastDue } from '@rope/domain/tasks/rules';
import type { TaskView } from '@rope/domain/tasks/views';
import { displayName } from '@rope/domain/users/schemas';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../infra/prepared.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { visibilityParams, visibleAreaPlaceholder } from '../../tenancy/visible-query.ts';
import { loadRopeCycles } from '../ropes/index.ts';
import { shownEmail } from '../users/index.ts';

export const openTasks = and(inArray(tasks.status, ['new', 'in-progress']), eq(ropes.isDeleted, false));

interface Assignee {
  id: number;
  firstname: string | null;
  lastname: string | null;
  email: string;
}

/** A task's assignees in the same statement as the task: one statement fewer for every list of tasks. */
const assigneesOfTask = sql<Assignee[]>`(select coalesce(json_agg(json_build_object(
    'id', ${users.id}, 'firstname', ${users.firstname}, 'lastname', ${users.lastname}, 'email', ${shownEmail()}
  ) order by ${taskAssignees.userId}), '[]'::json)
  from ${taskAssignees} join ${users} on ${users.id} = ${taskAssignees.userId}
  where ${taskAssignees.taskId} = ${tasks.id})`;

const taskColumns = {
  task: tasks,
  assignees: assigneesOfTask,
  rope: { id: ropes.id, name: ropes.name },
  installation: { id: installations.id, name: installations.name },
  area: { id: areas.id, name: areas.name },
};

const selectTasks = (db: Db) =>
  joinPlacement(db.select(taskColumns).from(tasks).innerJoin(ropes, eq(ropes.id, tasks.ropeId)).$dynamic());

type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>[number];

/** The dashboard's and the tasks list's read, prepared once: the viewer's tasks, open ones (of live ropes) or all. */
const visibleTasksQuery = preparedPerDatabase((db) =>
  selectTasks(db)
    .where(and(visibleAreaPlaceholder, or(sql`not ${sql.placeholder('openOnly')}::boolean`, openTasks)))
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .prepare('list_visible_tasks'),
);

/** The rope page's read: every task of one rope. */
const ropeTasksQuery = preparedPerDatabase((db) =>
  selectTasks(db)
    .where(eq(tasks.ropeId, sql.placeholder('ropeId')))
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .prepare('list_rope_tasks'),
);

/** Tasks with their rope, installation, area and assignees, and whether each is past due now. */
export async function loadTasks(db: Db, where: SQL | undefined): Promise<TaskView[]> {
  const rows = await selectTasks(db).where(where).orderBy(asc(tasks.dueAt), asc(tasks.id));
  return completeTasks(db, rows);
}

/** The tasks of the areas `viewer` sees, by due date: open ones of live ropes, or all. */
export async function loadVisibleTasks(db: Db, viewer: Actor, openOnly: boolean): Promise<TaskView[]> {
  const rows = await visibleTasksQuery(db).execute({ openOnly, ...visibilityParams(viewer) });
  return completeTasks(db, rows);
}

/** Every task of one rope (whose visibility the caller checked), by due date. */
export async function loadRopeTasks(db: Db, ropeId: number): Promise<TaskView[]> {
  return completeTasks(db, await ropeTasksQuery(db).execute({ ropeId }));
}

async function completeTasks(db: Db, rows: TaskRow[]): Promise<TaskView[]> {
  const now = new Date();
  // Only ropes whose tasks fall due by cycles need their count: the rope's current count, as its answer gives it.
  const cycles = await loadRopeCycles(
    db,
    rows.filter(({ task }) => task.attributes.dueCondition?.type === 'bendingCycles').map(({ rope }) => rope.id),
    now,
  );
  return rows.map(({ task, assignees, rope, installation, area }) => ({
    id: task.id,
    rope,
    installation,
    area,
    event: task.eventId ? { id: task.eventId } : null,
    assignedUsers: assignees.map((a) => ({ id: a.id, name: displayName(a) })),
    attributes: task.attributes,
    title: task.attributes.title,
    description: task.attributes.description,
    status: task.status,
    dueAt: task.dueAt?.toISOString() ?? null,
    pastDue: isPastDue(task.attributes, now, cycles.get(rope.id)?.bendingCycles),
    createdAt: task.createdAt.toISOString(),
  }));
}
