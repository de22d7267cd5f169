import type { Db } from '@rope/db/client';
import { areas, installations, ropes, taskAssignees, tasks } from '@rope/db/schema/index';
import { taskDueNotificationKey } from '@rope/domain/notifications/triggers';
import { OPEN_TASK_STATUSES } from '@rope/domain/tasks/kinds';
import { knownTimeZone } from '@rope/domain/time/zoned';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { loadRopeCycles, type RopeCycles } from '../ropes/index.ts';
import { emitTaskWebhook } from '../tasks/index.ts';
import { writeNotification } from './write-notification.ts';

type Ctx = Pick<AppContext, 'db' | 'queue' | 'env'>;

/** Open tasks not yet announced whose date has come, or whose rope may have reached the due cycles. */
async function findCandidates(db: Db, now: Date) {
  const query = db
    .select({
      task: { id: tasks.id, attributes: tasks.attributes, dueAt: tasks.dueAt, updatedAt: tasks.updatedAt },
      rope: { id: ropes.id, name: ropes.name, attributes: ropes.attributes },
      installation: { id: installations.id, name: installations.name, attributes: installations.attributes },
      area: { id: areas.id, mandatorId: areas.mandatorId },
    })
    .from(tasks)
    .innerJoin(ropes, eq(ropes.id, tasks.ropeId))
    .$dynamic();
  return joinPlacement(query)
    .where(
      and(
        inArray(tasks.status, [...OPEN_TASK_STATUSES]),
        isNull(tasks.dueNotifiedAt),
        eq(ropes.isDeleted, false),
        eq(installations.isDeleted, false),
        eq(areas.isDeleted, false),
        or(lte(tasks.dueAt, now), sql`${tasks.attributes}->'dueCondition'->>'type' = 'bendingCycles'`),
      ),
    )
    .orderBy(tasks.id);
}

type Candidate = Awaited<ReturnType<typeof findCandidates>>[number];

function dueReason({ task, rope }: Candidate, now: Date, cyclesOf: Map<number, RopeCycles>) {
  if (task.dueAt && task.dueAt <= now) return { dueAt: task.dueAt.toISOString(), cycles: null, threshold: null };
  const condition = task.attributes.dueCondition;
  if (condition?.type !== 'bendingCycles') return undefined;
  const cycles = cyclesOf.get(rope.id)?.bendingCycles;
  if (cycles === undefined || cycles < condition.threshold) return undefined;
  return { dueAt: null, cycles: condition.threshold, threshold: condition.threshold };
}

/**
 * The due-task scan: each task that became due is announced once to its assignees. Per task one
 * transaction sets dueNotifiedAt (only if still unset) and writes the notification, deliveries and jobs, so
 * concurrent scans and a scan processed twice announce a task once.
 */
export async function scanDueTasks(ctx: Ctx) {
  const now = new Date();
  const candidates = await findCandidates(ctx.db, now);
  // The rope's current count, the one its bending-cycles answer gives, for the tasks due by cycles.
  const byCycles = candidates.filter(({ task }) => task.attributes.dueCondition?.type === 'bendingCycles');
  const cyclesOf = await loadRopeCycles(
    ctx.db,
    byCycles.map(({ rope }) => rope.id),
    now,
  );
  for (const candidate of candidates) {
    const reason = dueReason(candidate, now, cyclesOf);
    if (reason) await announce(ctx, candidate, reason);
  }
}

async function announce(ctx: Ctx, candidate: Candidate, reason: NonNullable<ReturnType<typeof dueReason>>) {
  const { task, rope, installation, area } = candidate;
  await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(tasks)
      .set({ dueNotifiedAt: sql`now()` })
      .where(and(eq(tasks.id, task.id), isNull(tasks.dueNotifiedAt)))
      .returning({ id: tasks.id });
    if (!claimed) return;
    const assignees = await tx
      .select({ userId: taskAssignees.userId })
      .from(taskAssignees)
      .where(eq(taskAssignees.taskId, task.id));
    await writeNotification(tx, ctx, {
      installationId: installation.id,
      areaId: area.id,
      mandatorId: area.mandatorId,
      ropeId: rope.id,
      type: 'taskDue',
      threshold: reason.threshold,
      details: {
        type: 'taskDue',
        installationName: installation.name,
        ropeName: rope.name,
        taskTitle: task.attributes.title,
        dueAt: reason.dueAt,
        timeZone: knownTimeZone(installation.attributes.timezone),
        cycles: reason.cycles,
      },
      idempotencyKey: taskDueNotificationKey(task),
      channels: ['email'],
      userIds: assignees.map((assignee) => assignee.userId),
      internal: task.attributes.isInternal,
    });
    const place = { rope, installation: { id: installation.id, areaId: area.id } };
    await emitTaskWebhook(tx, ctx, 'due', place, { id: task.id, attributes: task.attributes });
  });
}
