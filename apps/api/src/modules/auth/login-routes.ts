import { twoFactorLoginBodySchema } from '@rope/domain/auth/rules';
import { loginAnswerSchema, loginBodySchema } from '@rope/domain/auth/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { redirectAnswer } from '../../http/answers.ts';
import { clearSessionCookie, setSessionCookie } from '../../session/session-cookie.ts';
import { SESSION_COOKIE } from '../../session/session-store.ts';
import { checkLogin } from './check-login.ts';
import { login } from './login.ts';
import { signInByLink } from './login-link.ts';
import { logout } from './logout.ts';
import { verifyLoginCode } from './verify-login-code.ts';

export function loginRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login/json',
      {
        config: { access: 'public', errors: ['UNAUTHENTICATED', 'TOO_MANY_REQUESTS'] },
        schema: {
          tags: ['auth'],
          operationId: 'signIn',
          summary: 'Sign in with username (email) and password; may leave the second factor pending',
          body: loginBodySchema,
          response: { 200: loginAnswerSchema },
        },
      },
      async (request, reply) => {
        const { token, answer } = await login({
          ctx,
          input: { ...request.body, ip: request.ip, oldToken: request.cookies[SESSION_COOKIE] },
          request,
        });
        if (token) setSessionCookie(request, reply, ctx, token);
        return answer;
      },
    );

    app.get(
      '/login/link/:token',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          response: redirectAnswer('Signed in (or not, when the link is spent): on to the cockpit'),
          operationId: 'signInByLink',
          summary: 'Opens the session of a mailed sign-in link and goes to the app; a used or expired link to /login',
          params: z.object({ token: z.string().max(200) }),
        },
      },
      async (request, reply) => {
        const token = await signInByLink({ ctx, token: request.params.token, request });
        if (!token) return reply.redirect('/login?link=failed');
        setSessionCookie(request, reply, ctx, token);
        return reply.redirect('/');
      },
    );

    app.post(
      '/login/check',
      {
        config: { access: 'public', errors: ['UNAUTHENTICATED', 'TOO_MANY_REQUESTS'] },
        schema: {
          tags: ['auth'],
          operationId: 'checkLogin',
          summary: 'The signed-in user, or that the second factor is pending; 401 without a session',
          response: { 200: loginAnswerSchema },
        },
      },
      async (request) => checkLogin({ ctx, auth: request.auth }),
    );

    app.post(
      '/login/2fa',
      {
        config: { access: 'public', errors: ['UNAUTHENTICATED', 'RULE_VIOLATION', 'TOO_MANY_REQUESTS'] },
        schema: {
          tags: ['auth'],
          operationId: 'verifySignInCode',
          summary: 'Complete a pending sign-in with the authenticator or email code',
          body: twoFactorLoginBodySchema,
          response: { 200: loginAnswerSchema },
        },
      },
      async (request, reply) => {
        const { token, answer } = await verifyLoginCode({
          ctx,
          auth: request.auth,
          input: { code: request.body.data.authCode },
          request,
        });
        if (token) setSessionCookie(request, reply, ctx, token);
        return answer;
      },
    );

    app.get(
      '/logout',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], operationId: 'signOut', summary: 'End the session', response: { 204: z.null() } },
      },
      async (request, reply) => {
        await logout({ ctx, auth: request.auth, cookieToken: request.cookies[SESSION_COOKIE], request });
        clearSessionCookie(request, reply, ctx);
        return reply.status(204).send(null);
      },
    );
  };
}
