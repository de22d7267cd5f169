import type { Db } from '@rope/db/client';
import { userTokens } from '@rope/db/schema/index';
import { ACTIVATION_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, THROTTLE } from '@rope/domain/auth/rules';
import type { AppContext } from '../../context.ts';
import { publicUrl } from '../../env.ts';
import { AppError } from '../../http/app-error.ts';
import { randomToken, sha256 } from '../../infra/crypto.ts';
import { jobRequest } from '../../infra/queue/define.ts';
import { tokenMail } from '../../mail/account-texts.ts';
import { sendMailJob } from '../../mail/send-mail-job.ts';
import { countAttempt } from './throttle.ts';

export type TokenKind = 'reset' | 'activate';

/** Counts a token mail to this address; false when the address already had its share in this window. */
export async function mayMailAddress(db: Db, email: string): Promise<boolean> {
  const key = `mail:token:${sha256(email.toLowerCase())}`;
  try {
    await countAttempt(db, [{ key, limit: THROTTLE.resetMailsPerAddress, windowMs: THROTTLE.windowMs }]);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') return false;
    throw error;
  }
}

/**
 * Mails a one-time link to the reset view: a 190-bit alphanumeric token of which only the hash is stored.
 * Answers false, without mailing, when the address already had its share of mails in this window.
 */
export async function issueUserToken(
  ctx: Pick<AppContext, 'db' | 'queue' | 'env'>,
  user: { id: number; email: string; languageId: string },
  kind: TokenKind,
  mailReason: 'reset' | 'activate' | 'expired' = kind,
): Promise<boolean> {
  if (!(await mayMailAddress(ctx.db, user.email))) return false;
  const token = randomToken(32);
  const tokenHash = sha256(token);
  const ttl = kind === 'activate' ? ACTIVATION_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
  await ctx.db.insert(userTokens).values({ userId: user.id, kind, tokenHash, expiresAt: new Date(Date.now() + ttl) });
  const link = `${publicUrl(ctx.env)}/login/reset/${token}`;
  await ctx.queue.enqueue(
    jobRequest(
      sendMailJob,
      { to: user.email, ...tokenMail(mailReason, link, user.languageId), link },
      `user-token:${tokenHash}`,
    ),
  );
  return true;
}
