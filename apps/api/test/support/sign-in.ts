import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../../src/context.ts';
import { createSession, SESSION_COOKIE } from '../../src/session/session-store.ts';
import { TEST_PASSWORD } from './factories.ts';

/** The cookie header a browser would send after this answer, or undefined when it set no session. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

/** A signed-in session (second factor done) without the login route: answers the cookie header. */
export async function signIn(ctx: Pick<AppContext, 'db'>, user: { id: number }): Promise<string> {
  const token = await createSession(ctx.db, user.id, { twoFactorComplete: true });
  return `${SESSION_COOKIE}=${token}`;
}

/** Signs in through POST /api/login/json as a browser does (audit, throttle, last login): answers the cookie header. */
export async function signInWithPassword(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/api/login/json', payload: { username: email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('login answered no session cookie');
  return cookie;
}
