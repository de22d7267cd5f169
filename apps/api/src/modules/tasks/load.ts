import type { Db } from '@rope/db/client';
import { areas, installations, ropes, taskAssignees, tasks, users } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { OPEN_TASK_STATUSES } from '@rope/domain/tasks/kinds';
import { isPastDue } from '@rope/domain/tasks/rules';
import type { TaskAttributes } from '@rope/domain/tasks/schemas';
import type { TaskView } from '@rope/domain/tasks/views';
import { displayName } from '@rope/domain/users/schemas';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { flagIs, idsParam, preparedPerDatabase } from '../../infra/prepared.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';
import { loadRopeCycles } from '../ropes/index.ts';
import { shownEmail } from '../users/index.ts';

/** Written into the statement, as `flagIs` is: the statuses are the domain's constants. */
const openStatuses = sql.raw(OPEN_TASK_STATUSES.map((status) => `'${status}'`).join(', '));
export const openTasks = and(sql`${tasks.status} in (${openStatuses})`, flagIs(ropes.isDeleted, false));

const taskColumns = {
  task: tasks,
  rope: { id: ropes.id, name: ropes.name },
  installation: { id: installations.id, name: installations.name },
  area: { id: areas.id, name: areas.name },
};

const selectTasks = (db: Db) =>
  joinPlacement(db.select(taskColumns).from(tasks).innerJoin(ropes, eq(ropes.id, tasks.ropeId)).$dynamic());

type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>[number];

type ListedAttributes = Pick<TaskAttributes, 'title' | 'status' | 'dueAt' | 'dueCondition'>;

/**
 * What a list shows of a task and needs to tell it past due: the dashboard reads these of every open task, and
 * reading the whole attributes (description, notes of a recurrence) made parsing them its largest cost.
 */
const listedColumns = {
  task: {
    id: tasks.id,
    status: tasks.status,
    dueAt: tasks.dueAt,
    attributes: sql<ListedAttributes>`jsonb_strip_nulls(jsonb_build_object('title', ${tasks.attributes}->'title',
      'status', ${tasks.attributes}->'status', 'dueAt', ${tasks.attributes}->'dueAt',
      'dueCondition', ${tasks.attributes}->'dueCondition'))`,
  },
  rope: taskColumns.rope,
  installation: taskColumns.installation,
  area: taskColumns.area,
};

type ListedRow = Pick<TaskRow, 'rope' | 'installation' | 'area'> & {
  task: Pick<TaskRow['task'], 'id' | 'status' | 'dueAt'> & { attributes: ListedAttributes };
};

/** The viewer's tasks narrowed by `where`, prepared once as `name`: two statements, so each keeps the plan that fits it. */
const visibleTasksQuery = (name: string, where?: SQL) =>
  preparedVisible((db, visible) =>
    selectTasks(db)
      .where(and(visible.where, where))
      .orderBy(asc(tasks.dueAt), asc(tasks.id))
      .prepare(visible.name(name)),
  );

/** The open tasks of live ropes, whole. */
const visibleOpenTasks = visibleTasksQuery('list_visible_open_tasks', openTasks);

/** The dashboard's read: the open tasks of live ropes, as a list shows them. */
const visiblePendingTasks = preparedVisible((db, visible) =>
  joinPlacement(db.select(listedColumns).from(tasks).innerJoin(ropes, eq(ropes.id, tasks.ropeId)).$dynamic())
    .where(and(visible.where, openTasks))
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .prepare(visible.name('list_visible_pending_tasks')),
);
const visibleTasks = visibleTasksQuery('list_visible_tasks');

/** The rope page's read: every task of one rope, if the viewer sees its area. */
const ropeTasksQuery = preparedVisible((db, visible) =>
  selectTasks(db)
    .where(and(eq(tasks.ropeId, sql.placeholder('ropeId')), visible.where))
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .prepare(visible.name('list_visible_rope_tasks')),
);

const assigneesQuery = preparedPerDatabase((db) =>
  db
    .select({
      taskId: taskAssignees.taskId,
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: shownEmail(),
    })
    .from(taskAssignees)
    .innerJoin(users, eq(users.id, taskAssignees.userId))
    .where(sql`${taskAssignees.taskId} = any(${sql.placeholder('taskIds')}::int[])`)
    .orderBy(asc(taskAssignees.taskId), asc(taskAssignees.userId))
    .prepare('task_assignees'),
);

/** Tasks with their rope, installation, area and assignees, and whether each is past due now. */
export async function loadTasks(db: Db, where: SQL | undefined): Promise<TaskView[]> {
  const rows = await selectTasks(db).where(where).orderBy(asc(tasks.dueAt), asc(tasks.id));
  return completeTasks(db, rows);
}

/** The tasks of the areas `viewer` sees, by due date: open ones of live ropes, or all. */
export async function loadVisibleTasks(db: Db, viewer: Actor, openOnly: boolean): Promise<TaskView[]> {
  const rows = await (openOnly ? visibleOpenTasks : visibleTasks)(db, viewer).execute();
  return completeTasks(db, rows);
}

/**
 * Every task of one rope by due date, checked against the viewer in the same statement: none for a rope in an area
 * the viewer does not see, which the caller tells apart from a rope without tasks.
 */
export async function loadVisibleRopeTasks(db: Db, viewer: Actor, ropeId: number): Promise<TaskView[]> {
  return completeTasks(db, await ropeTasksQuery(db, viewer).execute({ ropeId }));
}

/**
 * The open tasks of live ropes the viewer sees, by due date, as the dashboard lists them: place, title, status, due
 * date and whether past due, without the assignees it does not show (one statement fewer).
 */
export async function loadVisiblePendingTasks(db: Db, viewer: Actor) {
  const rows = await visiblePendingTasks(db, viewer).execute();
  const pastDue = await pastDueOf(db, rows);
  return rows.map((row) => pendingTaskView(row, pastDue));
}

/** What every list shows of a task: its place, title, status, due date and whether it is past due now. */
function pendingTaskView({ task, rope, installation, area }: ListedRow, pastDue: PastDue) {
  return {
    id: task.id,
    rope,
    installation,
    area,
    title: task.attributes.title,
    status: task.status,
    dueAt: task.dueAt?.toISOString() ?? null,
    pastDue: pastDue(task, rope.id),
  };
}

type PastDue = Awaited<ReturnType<typeof pastDueOf>>;

/** Whether each task is past due now; only ropes whose tasks fall due by cycles need their current count read. */
async function pastDueOf(db: Db, rows: ListedRow[]) {
  const now = new Date();
  const cycles = await loadRopeCycles(
    db,
    rows.filter(({ task }) => task.attributes.dueCondition?.type === 'bendingCycles').map(({ rope }) => rope.id),
    now,
  );
  return (task: ListedRow['task'], ropeId: number) =>
    isPastDue(task.attributes, now, cycles.get(ropeId)?.bendingCycles);
}

async function completeTasks(db: Db, rows: TaskRow[]): Promise<TaskView[]> {
  // The assignees of all tasks in one statement: a subquery per task costs the database more than the round trip.
  const ids = rows.map((row) => row.task.id);
  const assignees = ids.length ? await assigneesQuery(db).execute({ taskIds: idsParam(ids) }) : [];
  const assigneesOf = new Map<number, typeof assignees>();
  for (const assignee of assignees) {
    const listed = assigneesOf.get(assignee.taskId);
    if (listed) listed.push(assignee);
    else assigneesOf.set(assignee.taskId, [assignee]);
  }
  const pastDue = await pastDueOf(db, rows);
  return rows.map((row) => ({
    ...pendingTaskView(row, pastDue),
    event: row.task.eventId ? { id: row.task.eventId } : null,
    assignedUsers: (assigneesOf.get(row.task.id) ?? []).map((a) => ({ id: a.id, name: displayName(a) })),
    attributes: row.task.attributes,
    description: row.task.attributes.description,
    createdAt: row.task.createdAt.toISOString(),
  }));
}
