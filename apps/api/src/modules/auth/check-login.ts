import type { LoginAnswer } from '@rope/domain/auth/session';
import { message } from '@rope/domain/messages';
import { TWO_FACTOR_METHODS } from '@rope/domain/users/schemas';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { RequestAuth } from '../../session/request-auth.ts';
import { buildSessionUser } from './build-session-user.ts';

/** POST /login/check: who the session belongs to, or that it still waits for the second factor. */
export async function checkLogin({ ctx, auth }: { ctx: AppContext; auth: RequestAuth }): Promise<LoginAnswer> {
  const { user, session } = auth;
  if (!user || !session) throw new AppError('UNAUTHENTICATED', message('app.errors.notSignedIn'));
  if (!session.twoFactorComplete) {
    const pending = session.pendingMethod ?? user.twoFactorMethod;
    const method = TWO_FACTOR_METHODS.find((value) => value === pending) ?? null;
    return { twoFactorComplete: false, twoFactorMethod: method };
  }
  return { user: await buildSessionUser(ctx.db, user, session), twoFactorComplete: true };
}
