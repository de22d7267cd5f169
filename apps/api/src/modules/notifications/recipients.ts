import type { Db } from '@rope/db/client';
import { users } from '@rope/db/schema/index';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { usersWhoSeeMandator } from '../../tenancy/people.ts';

/** Which of these user ids may be recipients of an installation's notifications. */
export async function peopleWhoSeeArea(db: Db, mandatorId: number, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), usersWhoSeeMandator(db, mandatorId)));
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
        usersWhoSeeMandator(db, mandatorId),
      ),
    )
    .orderBy(users.id);
}
