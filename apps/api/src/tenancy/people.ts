import type { Db } from '@rope/db/client';
import { userMandators, users } from '@rope/db/schema/index';
import { ALL_MANDATOR_ROLES } from '@rope/domain/access/permissions';
import { API_ROLES } from '@rope/domain/access/roles';
import { and, eq, exists, not, or, sql } from 'drizzle-orm';

const roleArray = (roles: readonly string[]) =>
  sql`array[${sql.join(
    roles.map((role) => sql`${role}`),
    sql`, `,
  )}]::text[]`;

const PEOPLE_WHO_SEE_ALL = ALL_MANDATOR_ROLES.filter((role) => !(API_ROLES as readonly string[]).includes(role));

/**
 * A condition on `users`: the people (no API accounts) who see the areas of this mandator, its own users, admins and
 * project managers. The recipients of its notifications and the candidates for its tasks' assignees.
 */
export function usersWhoSeeMandator(db: Db, mandatorId: number) {
  const member = db
    .select({ one: sql`1` })
    .from(userMandators)
    .where(and(eq(userMandators.userId, users.id), eq(userMandators.mandatorId, mandatorId)));
  return and(
    not(sql`${users.roles} && ${roleArray(API_ROLES)}`),
    or(sql`${users.roles} && ${roleArray(PEOPLE_WHO_SEE_ALL)}`, exists(member)),
  );
}
