import type { AppContext } from '../context.ts';
import { createSession, SESSION_COOKIE } from '../modules/auth/session-store.ts';

/** A signed-in session (second factor done) without the login route: answers the cookie header. */
export async function signIn(ctx: Pick<AppContext, 'db'>, user: { id: number }): Promise<string> {
  const token = await createSession(ctx.db, user.id, { twoFactorComplete: true });
  return `${SESSION_COOKIE}=${token}`;
}
