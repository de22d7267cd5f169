import type { Actor } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/app-error.ts';
import { findSessionUser } from '../modules/auth/find-session-user.ts';
import { actorForApiKey, type UserRow } from '../modules/auth/load-actor.ts';
import { SESSION_COOKIE, type SessionRow } from '../modules/auth/session-store.ts';

export interface RequestAuth {
  actor?: Actor;
  /** The signed-in person, also while the second factor is still pending. */
  user?: UserRow;
  session?: SessionRow;
  sessionToken?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A live (wall-display) session reads only; signing in and out stay possible. */
function liveMayCall(method: string, url: string): boolean {
  if (!STATE_CHANGING.has(method)) return true;
  const path = url.split('?')[0]!;
  return path === '/api/logout' || path.startsWith('/api/login/');
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

function isPublic(url: string): boolean {
  const path = url.split('?')[0]!;
  return PUBLIC_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

/** Resolves the caller of every API request: a bearer API key, or the session cookie of a person. */
export const authenticate = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest('auth', null as unknown as RequestAuth);
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
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const actor = await actorForApiKey(ctx.db, header.slice('Bearer '.length).trim());
      if (!actor) throw new AppError('UNAUTHENTICATED', message('app.errors.invalidApiKey'));
      request.auth = { actor };
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = await findSessionUser(ctx.db, token);
    if (!found?.user.isActive) return;
    const { session, user, mandatorIds } = found;
    if (session.isLive && !liveMayCall(request.method, request.url)) {
      throw new AppError('FORBIDDEN', message('app.errors.liveSessionReadOnly'));
    }
    request.auth = { user, session, sessionToken: token };
    if (session.twoFactorComplete) {
      request.auth.actor = { userId: user.id, roles: user.roles, mandatorIds, via: 'session' };
    }
  });
});
