import { users } from '@rope/db/schema/index';
import { isBase32Secret, type SelfTwoFactorUpdate, THROTTLE, twoFactorChangeNeedsProof } from '@rope/domain/auth/rules';
import { message } from '@rope/domain/message';
import type { TwoFactorMethod } from '@rope/domain/users/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { verifyPassword } from '../../infra/crypto.ts';
import type { UserRow } from '../../session/load-actor.ts';
import { acceptEmailCode, acceptTotp, totpStepOf } from './second-factor.ts';
import { clearThrottle, countAttempt, throttleKeys } from './throttle.ts';

/** A code of the factor that is set: the authenticator's, or one mailed to this session on request. */
async function acceptCurrentCode(ctx: AppContext, user: UserRow, sessionIdHash: string | undefined, code: string) {
  if (user.twoFactorMethod === 'authenticator') return acceptTotp(ctx.db, user, code);
  if (user.twoFactorMethod === 'email' && sessionIdHash) return acceptEmailCode(ctx.db, sessionIdHash, code);
  return false;
}

/** The password or a current code, counted like sign-in codes so it cannot be guessed. */
async function checkProof(
  ctx: AppContext,
  user: UserRow,
  sessionIdHash: string | undefined,
  input: SelfTwoFactorUpdate,
) {
  if (!input.currentPassword && !input.currentCode) {
    throw new AppError('VALIDATION', message('auth.messages.proofRequired'), {
      currentPassword: message('auth.messages.proofRequired'),
    });
  }
  const key = throttleKeys.code(user.id);
  await countAttempt(ctx.db, [{ key, limit: THROTTLE.codeFailuresPerUser, windowMs: THROTTLE.windowMs }]);
  const passwordOk = Boolean(
    input.currentPassword && user.passwordHash && (await verifyPassword(user.passwordHash, input.currentPassword)),
  );
  const codeOk =
    !passwordOk &&
    Boolean(input.currentCode) &&
    (await acceptCurrentCode(ctx, user, sessionIdHash, input.currentCode!.replace(/\s/g, '')));
  if (!passwordOk && !codeOk) {
    const field = input.currentPassword ? 'currentPassword' : 'currentCode';
    throw new AppError('RULE_VIOLATION', message('auth.messages.proofIncorrect'), {
      [field]: message('auth.messages.proofIncorrect'),
    });
  }
  await clearThrottle(ctx.db, key);
}

/**
 * PATCH /users/self/2fa: the authenticator is stored only with a code proving the app holds the secret; that
 * code's step counts as used, so it cannot open a session afterwards.
 */
export async function updateTwoFactor({
  ctx,
  user,
  sessionIdHash,
  input,
  request,
}: {
  ctx: AppContext;
  user: UserRow;
  /** The caller's session, where a mailed proof code is kept. */
  sessionIdHash: string | undefined;
  input: SelfTwoFactorUpdate;
  request: FastifyRequest;
}): Promise<{ twoFactorMethod: TwoFactorMethod | null }> {
  const method = input.twoFactorMethod;
  const keepsAuthenticator = method === 'authenticator' && !input.twoFactorSecret && user.twoFactorMethod === method;
  if (keepsAuthenticator) return { twoFactorMethod: method };
  if (twoFactorChangeNeedsProof(user.twoFactorMethod as TwoFactorMethod | null, input))
    await checkProof(ctx, user, sessionIdHash, input);
  let values: Partial<UserRow> = { twoFactorMethod: method, twoFactorSecret: null, twoFactorLastStep: null };
  if (method === 'authenticator') {
    const secret = input.twoFactorSecret?.toUpperCase() ?? '';
    const step = isBase32Secret(secret) ? totpStepOf(secret, input.twoFactorAuthCode ?? '') : null;
    if (step === null) throw new AppError('RULE_VIOLATION', message('auth.messages.incorrectCode'));
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
