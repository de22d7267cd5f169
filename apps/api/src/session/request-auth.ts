import type { Actor } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/app-error.ts';
import { findSessionUser } from './find-session-user.ts';
import { callerForApiKey, type UserRow } from './load-actor.ts';
import { SESSION_COOKIE, type SessionRow } from './session-store.ts';

export interface RequestAuth {
  actor?: Actor;
  /** The signed-in person, also while the second factor is still pending. */
  user?: UserRow;
  session?: SessionRow;
  sessionToken?: string;
  /** The API key the call came with: calls are limited per key (plugins/api-key-limits.ts). */
  apiKeyId?: number;
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A live (wall-display) session reads only; signing in and out stay possible. */
function liveMayCall(method: string, url: string): boolean {
  if (!STATE_CHANGING.has(method)) return true;
  const path = url.split('?')[0]!;
  return path === '/api/logout' || path.startsWith('/api/login/');
}

/**
 * The caller of an API request: a bearer API key (an unknown, revoked or expired one is refused), or the session cookie of a
 * person, whose actor is set once the second factor is done. Nobody signed in is an empty answer, not a refusal.
 */
export async function resolveRequestAuth(ctx: AppContext, request: FastifyRequest): Promise<RequestAuth> {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const caller = await callerForApiKey(ctx.db, header.slice('Bearer '.length).trim());
    if ('refused' in caller) {
      const why = caller.refused === 'expired' ? 'app.errors.apiKeyExpired' : 'app.errors.invalidApiKey';
      throw new AppError('UNAUTHENTICATED', message(why));
    }
    return { actor: caller.actor, apiKeyId: caller.keyId };
  }
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return {};
  const found = await findSessionUser(ctx.db, token, ctx.sessions);
  if (!found?.user.isActive) return {};
  const { session, user, mandatorIds } = found;
  if (session.isLive && !liveMayCall(request.method, request.url)) {
    throw new AppError('FORBIDDEN', message('app.errors.liveSessionReadOnly'));
  }
  const auth: RequestAuth = { user, session, sessionToken: token };
  if (session.twoFactorComplete) auth.actor = { userId: user.id, roles: user.roles, mandatorIds, via: 'session' };
  return auth;
}
