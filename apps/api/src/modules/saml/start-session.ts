import { users } from '@rope/db/schema/index';
import type { SamlProvider } from '@rope/domain/auth/saml';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../session/load-actor.ts';
import { setSessionCookie } from '../../session/session-cookie.ts';
import { createSession, destroySession } from '../../session/session-store.ts';

/** A full session for a user the IdP authenticated: the IdP stands in for password and second factor. */
export async function startSamlSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  provider: SamlProvider,
): Promise<void> {
  if (request.auth.sessionToken) await destroySession(ctx.db, request.auth.sessionToken);
  const token = await createSession(ctx.db, user.id, { twoFactorComplete: true });
  await ctx.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  setSessionCookie(request, reply, ctx, token);
  await writeAudit(
    ctx.db,
    {
      action: 'login.saml',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      details: { provider: provider.id },
    },
    request,
  );
}
