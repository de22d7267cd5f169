import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './session-store.ts';

/**
 * `Secure` when the browser reached the cockpit over HTTPS: the request's own scheme (a trusted proxy's
 * X-Forwarded-Proto with TRUST_PROXY), or a PUBLIC_URL that says the site is served over HTTPS. A cookie marked Secure
 * on a page opened over plain HTTP is dropped by the browser, and the sign-in would not stick.
 */
export function sessionCookieSecure(request: FastifyRequest, ctx: AppContext): boolean {
  return request.protocol === 'https' || ctx.env.PUBLIC_URL?.startsWith('https:') === true;
}

function cookieOptions(request: FastifyRequest, ctx: AppContext) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: sessionCookieSecure(request, ctx) };
}

/** The cockpits (one per process, several in tests) that have said it already. */
const schemeWarned = new WeakSet<AppContext>();

/**
 * Says once in the log when the cookie goes out Secure over a request the cockpit saw as plain HTTP: either a TLS
 * proxy in front is not trusted (its scheme unseen) or the site is opened over HTTP, where the browser drops it.
 */
function warnOfSchemeMismatch(request: FastifyRequest, ctx: AppContext) {
  if (schemeWarned.has(ctx) || request.protocol === 'https' || !ctx.env.PUBLIC_URL?.startsWith('https:')) return;
  schemeWarned.add(ctx);
  request.log.warn(
    { publicUrl: ctx.env.PUBLIC_URL, forwardedProto: request.headers['x-forwarded-proto'] ?? null },
    'the session cookie is Secure (PUBLIC_URL is https) but this request came over plain HTTP: behind a TLS proxy set TRUST_PROXY so its scheme is seen; a browser opening the cockpit over plain HTTP drops the cookie (serve it over HTTPS, or set PUBLIC_URL to its http address)',
  );
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, ctx: AppContext, token: string) {
  warnOfSchemeMismatch(request, ctx);
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request, ctx), maxAge: SESSION_ABSOLUTE_MS / 1000 });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, ctx: AppContext): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request, ctx));
}
