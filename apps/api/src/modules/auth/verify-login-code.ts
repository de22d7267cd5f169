import { users } from '@rope/db/schema/index';
import { THROTTLE } from '@rope/domain/auth/rules';
import type { LoginAnswer } from '@rope/domain/auth/session';
import { message } from '@rope/domain/message';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { RequestAuth } from '../../session/request-auth.ts';
import { createSession, destroySession } from '../../session/session-store.ts';
import { buildSessionUser } from './build-session-user.ts';
import { acceptEmailCode, acceptTotp } from './second-factor.ts';
import { clearThrottle, countAttempt, throttleKeys } from './throttle.ts';

export interface VerifyCodeResult {
  answer: LoginAnswer;
  /** Set when the sign-in completed now: the renewed session's cookie value. */
  token?: string;
}

/** POST /login/2fa: the authenticator or email code completes a pending sign-in under a new session id. */
export async function verifyLoginCode({
  ctx,
  auth,
  input,
  request,
}: {
  ctx: AppContext;
  auth: RequestAuth;
  input: { code: string };
  request: FastifyRequest;
}): Promise<VerifyCodeResult> {
  const { user, session, sessionToken } = auth;
  if (!user || !session || !sessionToken)
    throw new AppError('UNAUTHENTICATED', message('auth.messages.noPendingSignIn'));
  if (session.twoFactorComplete) {
    return { answer: { user: await buildSessionUser(ctx.db, user, session), twoFactorComplete: true } };
  }
  const throttleKey = throttleKeys.code(user.id);
  await countAttempt(ctx.db, [{ key: throttleKey, limit: THROTTLE.codeFailuresPerUser, windowMs: THROTTLE.windowMs }]);
  // A passwordless sign-in waits for its own code; a password sign-in for the second factor.
  const method = session.pendingMethod ?? user.twoFactorMethod;
  const accepted =
    method === 'authenticator'
      ? await acceptTotp(ctx.db, user, input.code)
      : method === 'email' && (await acceptEmailCode(ctx.db, session.idHash, input.code));
  if (!accepted) {
    await writeAudit(
      ctx.db,
      { action: 'login.failed', actorUserId: user.id, details: { reason: 'code', method } },
      request,
    );
    throw new AppError('RULE_VIOLATION', message('auth.messages.incorrectCode'));
  }
  await clearThrottle(ctx.db, throttleKey);
  await destroySession(ctx.db, sessionToken);
  const token = await createSession(ctx.db, user.id, { twoFactorComplete: true, isLive: session.isLive });
  await ctx.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  await writeAudit(
    ctx.db,
    { action: 'login', actorUserId: user.id, details: { method, isLive: session.isLive } },
    request,
  );
  return { token, answer: { user: await buildSessionUser(ctx.db, user, session), twoFactorComplete: true } };
}
