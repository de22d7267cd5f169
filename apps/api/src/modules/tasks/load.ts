import type { Db } from '@rope/db/client';
import { areas, installations, ropes, taskAssignees, tasks, users } from '@rope/db/schema/index';
import { isPastDue } from '@rope/domain/tasks/rules';
import type { TaskView } from '@rope/domain/tasks/views';
import { displayName } from '@rope/domain/users/schemas';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { joinPlacement } from '../../tenancy/placement.ts';
import { loadRopeCycles } from '../ropes/index.ts';
import { shownEmail } from '../users/index.ts';

/** Tasks with their rope, installation, area and assignees, and whether each is past due now. */
export async function loadTasks(db: Db, where: SQL | undefined): Promise<TaskView[]> {
  const query = db
    .select({
      task: tasks,
      rope: { id: ropes.id, name: ropes.name },
      installation: { id: installations.id, name: installations.name },
      area: { id: areas.id, name: areas.name },
    })
    .from(tasks)
    .innerJoin(ropes, eq(ropes.id, tasks.ropeId))
    .$dynamic();
  const rows = await joinPlacement(query).where(where).orderBy(asc(tasks.dueAt), asc(tasks.id));
  const ids = rows.map((row) => row.task.id);
  const assignees = ids.length
    ? await db
        .select({
          taskId: taskAssignees.taskId,
          id: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
          email: shownEmail(),
        })
        .from(taskAssignees)
        .innerJoin(users, eq(users.id, taskAssignees.userId))
        .where(inArray(taskAssignees.taskId, ids))
    : [];
  const assigneesOf = new Map<number, typeof assignees>();
  for (const assignee of assignees)
    assigneesOf.set(assignee.taskId, [...(assigneesOf.get(assignee.taskId) ?? []), assignee]);
  const now = new Date();
  // Only ropes whose tasks fall due by cycles need their count: the rope's current count, as its answer gives it.
  const cycles = await loadRopeCycles(
    db,
    rows.filter(({ task }) => task.attributes.dueCondition?.type === 'bendingCycles').map(({ rope }) => rope.id),
    now,
  );
  return rows.map(({ task, rope, installation, area }) => ({
    id: task.id,
    rope,
    installation,
    area,
    event: task.eventId ? { id: task.eventId } : null,
    assignedUsers: (assigneesOf.get(task.id) ?? []).map((a) => ({ id: a.id, name: displayName(a) })),
    attributes: task.attributes,
    title: task.attributes.title,
    description: task.attributes.description,
    status: task.status,
    dueAt: task.dueAt?.toISOString() ?? null,
    pastDue: isPastDue(task.attributes, now, cycles.get(rope.id)?.bendingCycles),
    createdAt: task.createdAt.toISOString(),
  }));
}

export const openTasks = and(inArray(tasks.status, ['new', 'in-progress']), eq(ropes.isDeleted, false));
