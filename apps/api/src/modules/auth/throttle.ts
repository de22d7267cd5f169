import type { Db } from '@rope/db/client';
import { throttleBuckets } from '@rope/db/schema/index';
import { message } from '@rope/domain/message';

import { eq, lt, sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { sha256 } from '../../infra/crypto.ts';

export interface ThrottleRule {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one attempt against every rule before the attempt is judged, so parallel requests cannot slip past
 * the limit; throws 429 with Retry-After when a window is already full.
 */
export async function countAttempt(db: Db, rules: ThrottleRule[]): Promise<void> {
  const now = new Date();
  let retryAfterMs = 0;
  for (const rule of rules) {
    const [bucket] = await db
      .insert(throttleBuckets)
      .values({ key: rule.key, count: 1, resetAt: new Date(now.getTime() + rule.windowMs) })
      .onConflictDoUpdate({
        target: throttleBuckets.key,
        set: {
          count: sql`case when ${throttleBuckets.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${throttleBuckets.count} + 1 end`,
          resetAt: sql`case when ${throttleBuckets.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${throttleBuckets.resetAt} end`,
        },
      })
      .returning({ count: throttleBuckets.count, resetAt: throttleBuckets.resetAt });
    if (bucket && bucket.count > rule.limit) {
      retryAfterMs = Math.max(retryAfterMs, bucket.resetAt.getTime() - now.getTime());
    }
  }
  // Old windows are useless; an occasional sweep keeps the table to the live ones.
  if (Math.random() < 0.01) await db.delete(throttleBuckets).where(lt(throttleBuckets.resetAt, now));
  if (retryAfterMs > 0) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    throw new AppError('TOO_MANY_REQUESTS', message('auth.messages.tooManyAttempts'), undefined, {
      'Retry-After': `${seconds}`,
    });
  }
}

/** Takes back a counted attempt that turned out fine (shared buckets such as one per IP). */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(throttleBuckets)
    .set({ count: sql`greatest(${throttleBuckets.count} - 1, 0)` })
    .where(eq(throttleBuckets.key, key));
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.delete(throttleBuckets).where(eq(throttleBuckets.key, key));
}

/** Keys are hashed so the table holds no usernames or addresses. */
export const throttleKeys = {
  loginAccount: (username: string) => `login:account:${sha256(username.trim().toLowerCase())}`,
  loginIp: (ip: string) => `login:ip:${ip.slice(0, 100)}`,
  code: (userId: number) => `login:code:${userId}`,
  codeMail: (userId: number) => `mail:code:${userId}`,
};
