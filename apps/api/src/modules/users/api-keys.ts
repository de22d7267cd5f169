import { apiKeys } from '@rope/db/schema/index';
import { isApiRole } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { API_KEY_PREFIX_LENGTH, type ApiKeyCreate, type ApiKeyView } from '@rope/domain/users/api-keys';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { writeAudit } from '../../audit/write-audit.ts';
import { AppError, notFound, validationError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { randomToken, sha256 } from '../../infra/crypto.ts';
import type { ActionArgs } from '../action-args.ts';
import { findVisibleUser } from './internal.ts';

type KeyRow = typeof apiKeys.$inferSelect;

const viewOf = (row: KeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** An API user the admin may see; anyone else has no keys to list or make. */
async function findApiUser(args: ActionArgs<{ userId: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'API_KEY_MANAGE');
  const { row } = await findVisibleUser(ctx, actor, input.userId);
  if (!row.roles.some(isApiRole)) throw new AppError('RULE_VIOLATION', message('app.errors.apiKeysForApiUsersOnly'));
  return row;
}

/** An API user's keys, newest first, revoked ones included (admins). */
export async function listApiKeys(args: ActionArgs<{ userId: number }>) {
  const user = await findApiUser(args);
  const rows = await args.ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, user.id))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { apiKeys: rows.map(viewOf) };
}

/** A new key for an API user: answered this once, kept as its hash (admins). */
export async function createApiKey(args: ActionArgs<{ userId: number; apiKey: ApiKeyCreate }>) {
  const { ctx, actor, input, request } = args;
  const user = await findApiUser(args);
  const expiresAt = input.apiKey.expiresAt ? new Date(input.apiKey.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw validationError({ 'apiKey.expiresAt': message('app.errors.apiKeyEndPast') });
  }
  const key = `rc_${randomToken(40)}`;
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        userId: user.id,
        name: input.apiKey.name,
        prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
        keyHash: sha256(key),
        expiresAt,
      })
      .returning();
    await writeAudit(
      tx,
      {
        action: 'apiKey.create',
        actorUserId: actor.userId,
        targetType: 'user',
        targetId: user.id,
        details: { apiKeyId: created!.id, name: created!.name, expiresAt: expiresAt?.toISOString() ?? null },
      },
      request,
    );
    return created!;
  });
  return { apiKey: viewOf(row), key };
}

/** Revokes a key at once: its next call answers 401; the key stays listed as revoked (admins). */
export async function revokeApiKey(args: ActionArgs<{ userId: number; apiKeyId: number }>) {
  const { ctx, actor, input, request } = args;
  const user = await findApiUser(args);
  const [row] = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, input.apiKeyId), eq(apiKeys.userId, user.id)));
  if (!row) throw notFound(message('app.errors.apiKeyNotFound'));
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, row.id), isNull(apiKeys.revokedAt)));
    await writeAudit(
      tx,
      {
        action: 'apiKey.revoke',
        actorUserId: actor.userId,
        targetType: 'user',
        targetId: user.id,
        details: { apiKeyId: row.id, name: row.name },
      },
      request,
    );
  });
}
