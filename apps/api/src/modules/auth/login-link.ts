import { users, userTokens } from '@rope/db/schema/index';
import { isAlphanumericToken } from '@rope/domain/auth/rules';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import { sha256 } from '../../infra/crypto.ts';
import { createSession } from '../../session/session-store.ts';

/** GET /login/link/{token}: a mailed sign-in link opens a session once, within its lifetime. */
export async function signInByLink({
  ctx,
  token,
  request,
}: {
  ctx: AppContext;
  token: string;
  request: FastifyRequest;
}) {
  if (!isAlphanumericToken(token)) return undefined;
  const [claimed] = await ctx.db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        eq(userTokens.kind, 'login'),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId });
  if (!claimed) {
    await writeAudit(ctx.db, { action: 'login.failed', details: { reason: 'link' } }, request);
    return undefined;
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.id, claimed.userId));
  if (!user?.isActive || user.loginMethod !== 'no-password') return undefined;
  const session = await createSession(ctx.db, user.id, { twoFactorComplete: true });
  await ctx.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  await writeAudit(ctx.db, { action: 'login', actorUserId: user.id, details: { method: 'link' } }, request);
  return session;
}
