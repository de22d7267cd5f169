import type { Db } from '@rope/db/client';
import { apiKeys, userMandators, users } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { sha256 } from '../infra/crypto.ts';
import { preparedPerDatabase } from '../infra/prepared.ts';

export type UserRow = typeof users.$inferSelect;

export async function mandatorIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ mandatorId: userMandators.mandatorId })
    .from(userMandators)
    .where(eq(userMandators.userId, userId));
  return rows.map((row) => row.mandatorId).sort((a, b) => a - b);
}

export async function actorForUser(db: Db, user: Pick<UserRow, 'id' | 'roles'>, via: Actor['via']): Promise<Actor> {
  return { userId: user.id, roles: user.roles, mandatorIds: await mandatorIdsOf(db, user.id), via };
}

/** Every call with a key runs this: one prepared statement per database for key, user and mandators together. */
const keyActorQuery = preparedPerDatabase((db) =>
  db
    .select({
      keyId: apiKeys.id,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
      userId: users.id,
      roles: users.roles,
      isActive: users.isActive,
      mandatorIds: sql<
        number[]
      >`coalesce((select array_agg(${userMandators.mandatorId} order by ${userMandators.mandatorId})
        from ${userMandators} where ${userMandators.userId} = ${users.id}), '{}')`,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
    .prepare('find_api_key_actor'),
);

/** How stale `lastUsedAt` may get: a device sending a batch a second would otherwise write (and flush) a row each time. */
const TOUCH_KEY_EVERY_MS = 60_000;

export type ApiKeyCaller = { actor: Actor; keyId: number } | { refused: 'unknown' | 'expired' };

/** An API account's actor for a bearer key; an unknown, revoked or inactive account's key and an expired key refused. */
export async function callerForApiKey(db: Db, key: string): Promise<ApiKeyCaller> {
  if (key.length < 16 || key.length > 200) return { refused: 'unknown' };
  const [row] = await keyActorQuery(db).execute({ hash: sha256(key) });
  if (!row?.isActive) return { refused: 'unknown' };
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return { refused: 'expired' };
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_KEY_EVERY_MS) {
    await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.keyId));
  }
  const mandatorIds = (row.mandatorIds ?? []).map(Number);
  return { actor: { userId: row.userId, roles: row.roles, mandatorIds, via: 'apiKey' }, keyId: row.keyId };
}
