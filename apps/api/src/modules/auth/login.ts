import { mandators, userMandators, users } from '@rope/db/schema/index';
import { acceptsPasswordLogin, isPasswordExpired, THROTTLE } from '@rope/domain/auth/rules';
import type { LoginAnswer } from '@rope/domain/auth/session';
import { message } from '@rope/domain/message';
import { TWO_FACTOR_METHODS, type TwoFactorMethod } from '@rope/domain/users/schemas';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../infra/crypto.ts';
import type { UserRow } from '../../session/load-actor.ts';
import { createSession, destroySession } from '../../session/session-store.ts';
import { buildSessionUser } from './build-session-user.ts';
import { issueUserToken } from './issue-user-token.ts';
import { signInWithoutPassword } from './passwordless.ts';
import { sendEmailCode } from './second-factor.ts';
import { clearThrottle, countAttempt, throttleKeys, uncountAttempt } from './throttle.ts';

export interface LoginInput {
  username: string;
  password: string;
  live?: boolean;
  ip: string;
  /** The cookie the browser sent, if any: that session ends, a new one starts. */
  oldToken?: string;
}

export interface LoginResult {
  answer: LoginAnswer;
  /** The new session's cookie value; none when no session was started (a sign-in link was asked for). */
  token?: string;
}

let dummyHash: Promise<string> | undefined;
/** Unknown accounts are checked against this, so they take as long as known ones. */
const dummy = () => {
  dummyHash ??= hashPassword(randomToken(24));
  return dummyHash;
};

async function passwordExpired(ctx: AppContext, user: UserRow): Promise<boolean> {
  const rows = await ctx.db
    .select({ settings: mandators.settings })
    .from(userMandators)
    .innerJoin(mandators, eq(mandators.id, userMandators.mandatorId))
    .where(eq(userMandators.userId, user.id));
  return isPasswordExpired(
    user.passwordChangedAt,
    rows.map((row) => row.settings.passwordExpiryDays),
  );
}

function refusal(user: UserRow | undefined, passwordOk: boolean): string | undefined {
  if (!user) return 'unknown';
  if (!passwordOk) return 'password';
  if (!user.isActive) return 'inactive';
  if (!acceptsPasswordLogin(user)) return 'method';
  return undefined;
}

/** POST /login/json: password check, throttling, expiry, then a new session (complete or waiting for a code). */
export async function login({
  ctx,
  input,
  request,
}: {
  ctx: AppContext;
  input: LoginInput;
  request: FastifyRequest;
}): Promise<LoginResult> {
  const accountKey = throttleKeys.loginAccount(input.username);
  const ipKey = throttleKeys.loginIp(input.ip);
  await countAttempt(ctx.db, [
    { key: accountKey, limit: THROTTLE.loginFailuresPerAccount, windowMs: THROTTLE.windowMs },
    { key: ipKey, limit: THROTTLE.loginFailuresPerIp, windowMs: THROTTLE.windowMs },
  ]);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.username.trim().toLowerCase()));
  if (input.password === '') return signInWithoutPassword({ ctx, user, input, request });
  const passwordOk = (await verifyPassword(user?.passwordHash ?? (await dummy()), input.password)) && !!input.password;
  const reason = refusal(user, passwordOk);
  if (reason || !user) {
    await writeAudit(
      ctx.db,
      {
        action: 'login.failed',
        actorUserId: user?.id ?? null,
        targetType: 'user',
        targetId: user?.id,
        details: { reason },
      },
      request,
    );
    throw new AppError('UNAUTHENTICATED', message('auth.messages.invalidCredentials'));
  }
  await clearThrottle(ctx.db, accountKey);
  await uncountAttempt(ctx.db, ipKey);

  if (await passwordExpired(ctx, user)) {
    await issueUserToken(ctx, user, 'reset', 'expired');
    const details = { reason: 'passwordExpired' };
    await writeAudit(
      ctx.db,
      { action: 'login.failed', actorUserId: user.id, targetType: 'user', targetId: user.id, details },
      request,
    );
    throw new AppError('UNAUTHENTICATED', message('auth.messages.passwordExpired'), undefined, undefined, {
      passwordExpired: true,
    });
  }

  if (input.oldToken) await destroySession(ctx.db, input.oldToken);
  const method = TWO_FACTOR_METHODS.find((value) => value === user.twoFactorMethod) as TwoFactorMethod | undefined;
  const isLive = input.live ?? false;
  const token = await createSession(ctx.db, user.id, { twoFactorComplete: !method, isLive });
  if (method) {
    if (method === 'email') await sendEmailCode(ctx, sha256(token), user);
    await writeAudit(ctx.db, { action: 'login.pending', actorUserId: user.id, details: { method } }, request);
    return { token, answer: { twoFactorComplete: false, twoFactorMethod: method } };
  }
  await ctx.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  await writeAudit(ctx.db, { action: 'login', actorUserId: user.id, details: { isLive } }, request);
  return { token, answer: { user: await buildSessionUser(ctx.db, user, { isLive }), twoFactorComplete: true } };
}
