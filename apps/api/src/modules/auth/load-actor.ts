import type { Db } from '@rope/db/client';
import { apiKeys, userMandators, users } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { and, eq, isNull } from 'drizzle-orm';
import { sha256 } from '../../infra/crypto.ts';

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

/** An API account's actor for a bearer key, or undefined for an unknown or revoked key. */
export async function actorForApiKey(db: Db, key: string): Promise<Actor | undefined> {
  if (key.length < 16 || key.length > 200) return undefined;
  const [row] = await db
    .select({ keyId: apiKeys.id, userId: users.id, roles: users.roles, isActive: users.isActive })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, sha256(key)), isNull(apiKeys.revokedAt)));
  if (!row?.isActive) return undefined;
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.keyId));
  return actorForUser(db, { id: row.userId, roles: row.roles }, 'apiKey');
}
