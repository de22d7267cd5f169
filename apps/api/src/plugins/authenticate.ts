import { users } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/app-error.ts';
import { actorForApiKey, actorForUser, type UserRow } from '../modules/auth/load-actor.ts';
import { findSession, SESSION_COOKIE, type SessionRow } from '../modules/auth/session-store.ts';

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

/** Resolves the caller of every API request: a bearer API key, or the session cookie of a person. */
export const authenticate = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest('auth', null as unknown as RequestAuth);
  app.addHook('onRequest', async (request) => {
    request.auth = {};
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const actor = await actorForApiKey(ctx.db, header.slice('Bearer '.length).trim());
      if (!actor) throw new AppError('UNAUTHENTICATED', 'Invalid API key');
      request.auth = { actor };
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await findSession(ctx.db, token);
    if (!session) return;
    const [user] = await ctx.db.select().from(users).where(eq(users.id, session.userId));
    if (!user?.isActive) return;
    if (session.isLive && !liveMayCall(request.method, request.url)) {
      throw new AppError('FORBIDDEN', 'A live session can only read');
    }
    request.auth = { user, session, sessionToken: token };
    if (session.twoFactorComplete) request.auth.actor = await actorForUser(ctx.db, user, 'session');
  });
});
