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
const SESSIONS_CHANGED_TOPIC = 'auth:sessions-changed';
const SESSION_LISTEN_RETRY_MS = 5_000;

function isPublic(url: string): boolean {
  const path = url.split('?')[0]!;
  return PUBLIC_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

/** Forgets the sessions this process holds whenever another process says they changed; tries again while Redis is away. */
function listenForSessionChanges(ctx: AppContext) {
  let stopped = false;
  let unsubscribe: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  const attempt = () => {
    ctx.live
      .subscribe(SESSIONS_CHANGED_TOPIC, () => ctx.sessions.forgetAll())
      .then(
        (stop) => {
          if (stopped) void stop();
          else unsubscribe = stop;
        },
        (error: unknown) => {
          ctx.log.warn({ err: error }, 'not told of session changes by other processes yet; trying again');
          if (!stopped) retry = setTimeout(attempt, SESSION_LISTEN_RETRY_MS);
        },
      );
  };
  attempt();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await unsubscribe?.();
    },
  };
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
    ctx.sessions.forgetAll();
    // The other processes hear it a moment later; a bus that is down leaves them SESSION_CACHE_MS at most.
    ctx.live.publish(SESSIONS_CHANGED_TOPIC, {}).catch((error: unknown) => {
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
    const found = await findSessionUser(ctx.db, token, ctx.sessions);
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
