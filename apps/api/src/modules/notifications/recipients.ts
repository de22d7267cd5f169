import type { Db } from '@rope/db/client';
import { userMandators, users } from '@rope/db/schema/index';
import { ALL_MANDATOR_ROLES } from '@rope/domain/access/permissions';
import { API_ROLES } from '@rope/domain/access/roles';
import { and, eq, exists, inArray, isNull, not, or, sql } from 'drizzle-orm';

const roleArray = (roles: readonly string[]) =>
  sql`array[${sql.join(
    roles.map((role) => sql`${role}`),
    sql`, `,
  )}]::text[]`;

const PEOPLE_WHO_SEE_ALL = ALL_MANDATOR_ROLES.filter((role) => !(API_ROLES as readonly string[]).includes(role));

/**
 * People (no API accounts) who see the areas of this mandator: its own users, admins and project managers. Also the
 * candidates for task assignees.
 */
export function seesMandator(db: Db, mandatorId: number) {
  const member = db
    .select({ one: sql`1` })
    .from(userMandators)
    .where(and(eq(userMandators.userId, users.id), eq(userMandators.mandatorId, mandatorId)));
  return and(
    not(sql`${users.roles} && ${roleArray(API_ROLES)}`),
    or(sql`${users.roles} && ${roleArray(PEOPLE_WHO_SEE_ALL)}`, exists(member)),
  );
}

/** Which of these user ids may be recipients of an installation's notifications. */
export async function peopleWhoSeeArea(db: Db, mandatorId: number, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), seesMandator(db, mandatorId)));
  return rows.map((row) => row.id);
}

export interface Recipient {
  id: number;
  email: string;
  phone: string | null;
}

/** Recipients as of now: active, still seeing the area, notifications on and not unsubscribed. */
export async function loadRecipients(db: Db, mandatorId: number, userIds: readonly number[]): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(
      and(
        inArray(users.id, [...userIds]),
        eq(users.isActive, true),
        eq(users.notificationEnabled, true),
        isNull(users.unsubscribedAt),
        // A user whose given address is someone else's (docs/auth.md "Addresses in use") has no address to mail.
        isNull(users.requestedEmail),
        seesMandator(db, mandatorId),
      ),
    )
    .orderBy(users.id);
}
