import type { Db } from '@rope/db/client';
import { sessions, userMandators, users } from '@rope/db/schema/index';
import { and, eq, gt, sql } from 'drizzle-orm';
import { sha256 } from '../infra/crypto.ts';
import { preparedPerDatabase } from '../infra/prepared.ts';
import type { UserRow } from './load-actor.ts';
import type { SessionCache } from './session-cache.ts';
import { SESSION_IDLE_MS, type SessionRow } from './session-store.ts';

const TOUCH_EVERY_MS = 60_000;

/** Every request runs this: one prepared statement per database for session, user and mandators together. */
const sessionUserQuery = preparedPerDatabase((db) =>
  db
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
    .prepare('find_session_user'),
);

export interface SessionUser {
  session: SessionRow;
  user: UserRow;
  mandatorIds: number[];
}

/**
 * The live session of a cookie with its user and mandators; undefined when unknown, idle or expired. With a cache,
 * a session whose second factor is done is read once per SESSION_CACHE_MS; one still waiting for it is read each
 * time, since completing it changes the session. Calls that ask while a read of their session is under way wait
 * for that read.
 */
export async function findSessionUser(db: Db, token: string, cache?: SessionCache): Promise<SessionUser | undefined> {
  if (!/^[A-Za-z0-9]{43}$/.test(token)) return undefined;
  const hash = sha256(token);
  const now = Date.now();
  const cached = cache?.get(hash, now);
  if (cached) {
    // The same ends the query below checks, on the clock of this call.
    if (cached.session.expiresAt.getTime() > now && cached.session.lastSeenAt.getTime() > now - SESSION_IDLE_MS) {
      await touch(db, cached.session, now);
      return cached;
    }
    cache?.forget(hash);
  }
  if (!cache) return readSessionUser(db, hash, now);
  const underWay = cache.reading(hash);
  if (underWay) return underWay;
  const read: Promise<SessionUser | undefined> = readSessionUser(db, hash, now).then((found) => {
    // Kept only if nothing forgot the session while it was read: a sign-out meanwhile must not be undone.
    if (found?.session.twoFactorComplete && cache.reading(hash) === read) cache.set(hash, found, now);
    return found;
  });
  cache.share(hash, read);
  return read;
}

async function readSessionUser(db: Db, hash: string, now: number): Promise<SessionUser | undefined> {
  // Placeholders skip the column's Date mapping: times go as ISO strings, which both drivers take.
  const [row] = await sessionUserQuery(db).execute({
    hash,
    now: new Date(now).toISOString(),
    idleSince: new Date(now - SESSION_IDLE_MS).toISOString(),
  });
  if (!row) return undefined;
  await touch(db, row.session, now);
  return { session: row.session, user: row.user, mandatorIds: (row.mandatorIds ?? []).map(Number) };
}

/** Marks the session seen, at most once a minute: reads do not turn into writes. */
async function touch(db: Db, session: SessionRow, now: number) {
  if (now - session.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return;
  // The cached row is the one the next calls check for idleness.
  session.lastSeenAt = new Date(now);
  await db.update(sessions).set({ lastSeenAt: session.lastSeenAt }).where(eq(sessions.idHash, session.idHash));
}
