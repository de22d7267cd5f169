import type { Db } from '@rope/db/client';
import { sessions } from '@rope/db/schema/index';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { randomToken, sha256 } from '../infra/crypto.ts';

export const SESSION_COOKIE = 'rc_session';
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3600_000;
/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

export type SessionRow = typeof sessions.$inferSelect;

export async function createSession(
  db: Db,
  userId: number,
  options: { twoFactorComplete: boolean; isLive?: boolean; pendingMethod?: 'email' | 'authenticator' },
): Promise<string> {
  const token = randomToken(43);
  // Both ends come from the application's clock, not the database's: one clock decides, and tests can move it.
  const now = Date.now();
  await db.insert(sessions).values({
    idHash: sha256(token),
    userId,
    twoFactorComplete: options.twoFactorComplete,
    isLive: options.isLive ?? false,
    pendingMethod: options.pendingMethod ?? null,
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
  });
  return token;
}

/** The live session for a cookie value, or undefined when unknown, idle too long or past its absolute end. */
export async function findSession(db: Db, token: string): Promise<SessionRow | undefined> {
  if (!/^[A-Za-z0-9]{43}$/.test(token)) return undefined;
  const now = Date.now();
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.idHash, sha256(token)),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
      ),
    );
  if (row && now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, row.idHash));
  }
  return row;
}

export async function updateSession(db: Db, token: string, values: Partial<SessionRow>): Promise<void> {
  await db
    .update(sessions)
    .set(values)
    .where(eq(sessions.idHash, sha256(token)));
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, sha256(token)));
}

export async function destroyUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  const now = Date.now();
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS))));
}
