import type { Db } from '@rope/db/client';
import { userMandators, users } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { assigneeChoices, mayBeAssigned } from '@rope/domain/task-rules';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { seesMandator } from '../notifications/recipients.ts';

async function candidates(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: users.id,
      email: users.email,
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
    .orderBy(asc(users.email));
}

/** The users with these ids, with their roles and mandators, for the assignee rule. */
export async function loadCandidates(db: Db, ids: readonly number[]) {
  return ids.length ? candidates(db, inArray(users.id, [...ids])) : [];
}

/** The people the actor may assign on a rope of this mandator (spec domain 5), as the task dialog offers them. */
export async function listAssignableUsers(ctx: AppContext, actor: Actor, mandatorId: number) {
  const rows = await candidates(ctx.db, seesMandator(ctx.db, mandatorId));
  return assigneeChoices(
    actor,
    rows.filter((row) => mayBeAssigned(row, mandatorId)),
  ).map((row) => ({
    id: row.id,
    email: row.email,
    name: [row.firstname, row.lastname].filter(Boolean).join(' ') || row.email,
    roles: row.roles,
  }));
}
