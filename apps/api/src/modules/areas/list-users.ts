import { userMandators, users } from '@rope/db/schema/index';
import { isApiRole } from '@rope/domain/permissions';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';

/** The people of the area's mandator: candidates for the area's client user and for notifications. */
export async function listAreaUsers({ ctx, mandatorId }: { ctx: AppContext; mandatorId: number }) {
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      roles: users.roles,
    })
    .from(users)
    .innerJoin(userMandators, eq(userMandators.userId, users.id))
    .where(eq(userMandators.mandatorId, mandatorId))
    .orderBy(asc(users.email));
  return rows
    .filter((row) => !row.roles.some(isApiRole))
    .map((row) => ({
      id: row.id,
      email: row.email,
      name: [row.firstname, row.lastname].filter(Boolean).join(' ') || row.email,
      role: row.roles[0]!,
    }));
}
