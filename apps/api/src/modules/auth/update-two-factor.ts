import { users } from '@rope/db/schema/index';
import { AUTH_MESSAGES, isBase32Secret, type SelfTwoFactorUpdate } from '@rope/domain/auth';
import type { TwoFactorMethod } from '@rope/domain/users';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { writeAudit } from '../audit/write-audit.ts';
import type { UserRow } from './load-actor.ts';
import { totpStepOf } from './second-factor.ts';

/**
 * PATCH /users/self/2fa: the authenticator is stored only with a code proving the app holds the secret; that
 * code's step counts as used, so it cannot open a session afterwards.
 */
export async function updateTwoFactor({
  ctx,
  user,
  input,
  request,
}: {
  ctx: AppContext;
  user: UserRow;
  input: SelfTwoFactorUpdate;
  request: FastifyRequest;
}): Promise<{ twoFactorMethod: TwoFactorMethod | null }> {
  const method = input.twoFactorMethod;
  const keepsAuthenticator = method === 'authenticator' && !input.twoFactorSecret && user.twoFactorMethod === method;
  if (keepsAuthenticator) return { twoFactorMethod: method };
  let values: Partial<UserRow> = { twoFactorMethod: method, twoFactorSecret: null, twoFactorLastStep: null };
  if (method === 'authenticator') {
    const secret = input.twoFactorSecret?.toUpperCase() ?? '';
    const step = isBase32Secret(secret) ? totpStepOf(secret, input.twoFactorAuthCode ?? '') : null;
    if (step === null) throw new AppError('RULE_VIOLATION', AUTH_MESSAGES.incorrectCode);
    values = { twoFactorMethod: method, twoFactorSecret: secret, twoFactorLastStep: step };
  }
  await ctx.db.update(users).set(values).where(eq(users.id, user.id));
  await writeAudit(
    ctx.db,
    {
      action: 'user.two-factor',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      details: { from: user.twoFactorMethod, to: method },
    },
    request,
  );
  return { twoFactorMethod: method };
}
