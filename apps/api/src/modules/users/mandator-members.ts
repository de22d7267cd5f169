import type { Db } from '@rope/db/client';
import { userMandators, users } from '@rope/db/schema/index';
import { asc, eq, sql } from 'drizzle-orm';
import { shownEmail } from './shown-email.ts';

/** The users holding the mandator, by email (case-insensitive), for pickers and the mandator's users list. */
export function mandatorMembers(db: Db, mandatorId: number) {
  return db
    .select({
      id: users.id,
      email: shownEmail(),
      firstname: users.firstname,
      lastname: users.lastname,
      roles: users.roles,
    })
    .from(users)
    .innerJoin(userMandators, eq(userMandators.userId, users.id))
    .where(eq(userMandators.mandatorId, mandatorId))
    .orderBy(asc(sql`lower(${shownEmail()})`), asc(users.id));
}
