import { message } from '@rope/domain/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/app-error.ts';
import { type RequestAuth, resolveRequestAuth, STATE_CHANGING } from '../session/request-auth.ts';
import { forgetSessionsEverywhere, listenForSessionChanges } from '../session/sessions-changed.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
}

/** Calls anyone may make: health, the API documentation, signing in and the account mails. */
const PUBLIC_PREFIXES = [
  '/api/health',
  '/api/doc',
  '/api/login/',
  '/api/logout',
  '/api/reset-password',
  '/api/notification/unsubscribe',
  '/api/saml/',
];

/**
 * Calls that may change people, their sessions or mandator links: after any of them every process forgets the
 * sessions it holds (session-cache.ts), before the answer leaves, so the caller's next call is read afresh.
 */
const PEOPLE_CHANGING_PREFIXES = [
  '/api/users',
  '/api/login',
  '/api/logout',
  '/api/reset-password',
  '/api/notification/unsubscribe',
  '/api/saml',
  '/api/mandators',
];
function isPublic(url: string): boolean {
  const path = url.split('?')[0]!;
  return PUBLIC_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

/** Resolves the caller of every API request: a bearer API key, or the session cookie of a person. */
export const authenticate = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest('auth', null as unknown as RequestAuth);
  const listening = listenForSessionChanges(ctx);
  app.addHook('onClose', () => listening.stop());
  app.addHook('onSend', async (request) => {
    const path = request.url.split('?')[0]!;
    // Signing out is a GET too (a link in the menu).
    const changing = STATE_CHANGING.has(request.method) || path === '/api/logout';
    if (!changing || !PEOPLE_CHANGING_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    forgetSessionsEverywhere(ctx, (error) => {
      request.log.warn({ err: error }, 'could not tell the other processes that sessions changed');
    });
  });
  // Anyone not signed in hears 401 before the body is even looked at; the routes check permissions themselves.
  app.addHook('preValidation', async (request) => {
    // Unknown paths (no route) keep their 404.
    const known = Boolean(request.routeOptions.url);
    if (known && request.url.startsWith('/api/') && !request.auth.actor && !isPublic(request.url)) {
      throw new AppError('UNAUTHENTICATED', message('app.errors.notSignedIn'));
    }
  });
  app.addHook('onRequest', async (request) => {
    request.auth = {};
    if (request.url.startsWith('/api/')) request.auth = await resolveRequestAuth(ctx, request);
  });
});
