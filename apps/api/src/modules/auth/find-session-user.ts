import type { Db } from '@rope/db/client';
import { sessions, userMandators, users } from '@rope/db/schema/index';
import { and, eq, gt, sql } from 'drizzle-orm';
import { sha256 } from '../../infra/crypto.ts';
import type { UserRow } from './load-actor.ts';
import { SESSION_IDLE_MS, type SessionRow } from './session-store.ts';

const TOUCH_EVERY_MS = 60_000;

/** Every request runs this: one prepared statement per database for session, user and mandators together. */
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  return db
    .select({
      session: sessions,
      user: users,
      mandatorIds: sql<
        number[]
      >`coalesce((select array_agg(${userMandators.mandatorId} order by ${userMandators.mandatorId})
        from ${userMandators} where ${userMandators.userId} = ${users.id}), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('hash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .prepare('find_session_user');
}

export interface SessionUser {
  session: SessionRow;
  user: UserRow;
  mandatorIds: number[];
}

/** The live session of a cookie with its user and mandators; undefined when unknown, idle or expired. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | undefined> {
  if (!/^[A-Za-z0-9]{43}$/.test(token)) return undefined;
  let query = prepared.get(db);
  if (!query) {
    query = prepare(db);
    prepared.set(db, query);
  }
  const now = Date.now();
  // Placeholders skip the column's Date mapping: times go as ISO strings, which both drivers take.
  const [row] = await query.execute({
    hash: sha256(token),
    now: new Date(now).toISOString(),
    idleSince: new Date(now - SESSION_IDLE_MS).toISOString(),
  });
  if (!row) return undefined;
  if (now - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, row.session.idHash));
  }
  return { session: row.session, user: row.user, mandatorIds: (row.mandatorIds ?? []).map(Number) };
}
