import { userTokens } from '@rope/db/schema/index';
import { LOGIN_LINK_TTL_MS, passwordlessMethod } from '@rope/domain/auth/rules';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import { publicUrl } from '../../env.ts';
import { randomToken, sha256 } from '../../infra/crypto.ts';
import { jobRequest } from '../../infra/queue/define.ts';
import { loginLinkMail } from '../../mail/account-texts.ts';
import { sendMailJob } from '../../mail/send-mail-job.ts';
import type { UserRow } from '../../session/load-actor.ts';
import { createSession, destroySession } from '../../session/session-store.ts';
import { mayMailAddress } from './issue-user-token.ts';
import type { LoginInput, LoginResult } from './login.ts';
import { sendEmailCode } from './second-factor.ts';

/**
 * An empty password: accounts that sign in with a mailed code or their authenticator get the code view; accounts
 * that sign in by link get one mailed. Everyone else gets the same neutral "link sent" answer, and no session.
 */
export async function signInWithoutPassword({
  ctx,
  user,
  input,
  request,
}: {
  ctx: AppContext;
  user: UserRow | undefined;
  input: LoginInput;
  request: FastifyRequest;
}): Promise<LoginResult> {
  const method = user?.isActive ? passwordlessMethod(user) : undefined;
  if (user && (method === 'email' || method === 'authenticator')) {
    if (input.oldToken) await destroySession(ctx.db, input.oldToken);
    const token = await createSession(ctx.db, user.id, {
      twoFactorComplete: false,
      isLive: input.live,
      pendingMethod: method,
    });
    if (method === 'email') await sendEmailCode(ctx, sha256(token), user);
    await writeAudit(
      ctx.db,
      { action: 'login.pending', actorUserId: user.id, details: { method, passwordless: true } },
      request,
    );
    return { token, answer: { twoFactorComplete: false, twoFactorMethod: method } };
  }
  if (user && method === 'link' && (await mayMailAddress(ctx.db, user.email))) {
    const token = randomToken(32);
    const tokenHash = sha256(token);
    await ctx.db
      .insert(userTokens)
      .values({ userId: user.id, kind: 'login', tokenHash, expiresAt: new Date(Date.now() + LOGIN_LINK_TTL_MS) });
    const link = `${publicUrl(ctx.env)}/api/login/link/${token}`;
    await ctx.queue.enqueue(
      jobRequest(
        sendMailJob,
        { to: user.email, ...loginLinkMail(link, user.languageId), link },
        `login-link:${tokenHash}`,
      ),
    );
    await writeAudit(ctx.db, { action: 'login.link', actorUserId: user.id }, request);
  }
  return { answer: { twoFactorComplete: false, loginLinkSent: true } };
}
