import { THROTTLE } from '@rope/domain/auth/rules';
import { message } from '@rope/domain/message';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { messageAnswer } from '../../http/message-answer.ts';
import type { UserRow } from '../../session/load-actor.ts';
import type { SessionRow } from '../../session/session-store.ts';
import { sendEmailCode } from './second-factor.ts';
import { countAttempt, throttleKeys } from './throttle.ts';

/**
 * POST /users/self/2fa/code: mails a code of the email factor to its owner, the proof that a person who signs in
 * without a password can give for changing two-factor authentication. Counted per person like sign-in codes.
 */
export async function sendProofCode({
  ctx,
  user,
  session,
  request,
}: {
  ctx: AppContext;
  user: UserRow;
  session: SessionRow;
  request: FastifyRequest;
}): Promise<{ message: string }> {
  if (user.twoFactorMethod !== 'email') {
    throw new AppError('RULE_VIOLATION', message('auth.messages.proofCodeNeedsEmailFactor'));
  }
  await countAttempt(ctx.db, [
    { key: throttleKeys.codeMail(user.id), limit: THROTTLE.codeMailsPerUser, windowMs: THROTTLE.windowMs },
  ]);
  await sendEmailCode(ctx, session.idHash, user, 'proof');
  await writeAudit(ctx.db, { action: 'user.two-factor.code', actorUserId: user.id }, request);
  return messageAnswer('auth.messages.proofCodeSent');
}
