import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './session-store.ts';

function cookieOptions(ctx: AppContext) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: ctx.env.NODE_ENV === 'production',
  };
}

export function setSessionCookie(reply: FastifyReply, ctx: AppContext, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(ctx), maxAge: SESSION_ABSOLUTE_MS / 1000 });
}

export function clearSessionCookie(reply: FastifyReply, ctx: AppContext): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx));
}
