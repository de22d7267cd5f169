import { containsPattern } from '@rope/db/like';
import { userMandators, users } from '@rope/db/schema/index';
import { ROLES } from '@rope/domain/access/roles';
import { USERS_PAGE_SIZE } from '@rope/domain/users/forms';
import { mayShowFreeUsers, userScope } from '@rope/domain/users/policy';
import { displayName } from '@rope/domain/users/schemas';
import { and, asc, count, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ActionArgs } from '../action-args.ts';
import { assertManagesUsers, mandatorsByUser } from './internal.ts';
import type { UserListItem, UserListQuery } from './schemas.ts';
import { shownEmail } from './shown-email.ts';

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** The users screen: one page of 25, sorted by email, limited to whom the actor sees (userScope). */
export async function listUsers({ ctx, actor, input }: ActionArgs<UserListQuery>) {
  assertManagesUsers(actor);
  const scope = userScope(actor);
  if (!scope || (scope.mandatorIds !== 'all' && scope.mandatorIds.length === 0)) return { users: [], total: 0 };
  const where: SQL[] = [];
  if (scope.mandatorIds !== 'all') {
    const shared = ctx.db
      .select({ one: sql`1` })
      .from(userMandators)
      .where(
        and(sql`${userMandators.userId} = ${users.id}`, inArray(userMandators.mandatorId, [...scope.mandatorIds])),
      );
    where.push(exists(shared));
  }
  if (scope.roles.length < ROLES.length) where.push(sql`${users.roles} <@ ${textArray(scope.roles)}`);
  if (!(input.showFree && mayShowFreeUsers(actor))) {
    where.push(sql`coalesce(${users.roles}[1], '') <> 'ROLE_FREE_USER'`);
  }
  if (input.search) {
    const pattern = containsPattern(input.search);
    where.push(
      or(
        ilike(shownEmail(), pattern),
        ilike(users.firstname, pattern),
        ilike(users.lastname, pattern),
        ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, pattern),
      )!,
    );
  }
  const condition = and(...where);
  const [counted] = await ctx.db.select({ total: count() }).from(users).where(condition);
  const rows = await ctx.db
    .select({
      id: users.id,
      email: shownEmail(),
      firstname: users.firstname,
      lastname: users.lastname,
      roles: users.roles,
      isActive: users.isActive,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(condition)
    .orderBy(asc(sql`lower(${shownEmail()})`), asc(users.id))
    .limit(USERS_PAGE_SIZE)
    .offset((input.page - 1) * USERS_PAGE_SIZE);
  const mandators = await mandatorsByUser(
    ctx,
    actor,
    rows.map((row) => row.id),
  );
  const list: UserListItem[] = rows.map((row) => ({
    id: row.id,
    name: displayName(row),
    email: row.email,
    role: row.roles[0]!,
    roles: row.roles,
    mandators: mandators.get(row.id) ?? [],
    isActive: row.isActive,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  }));
  return { users: list, total: counted?.total ?? 0 };
}
