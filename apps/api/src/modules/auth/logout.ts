import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import type { RequestAuth } from '../../session/request-auth.ts';
import { destroySession } from '../../session/session-store.ts';

/** GET /logout: the session row goes, so the cookie is worthless even if a copy survives somewhere. */
export async function logout({
  ctx,
  auth,
  cookieToken,
  request,
}: {
  ctx: AppContext;
  auth: RequestAuth;
  cookieToken?: string;
  request: FastifyRequest;
}): Promise<void> {
  const token = auth.sessionToken ?? cookieToken;
  if (token) await destroySession(ctx.db, token);
  if (auth.user) await writeAudit(ctx.db, { action: 'logout', actorUserId: auth.user.id }, request);
}
