import { message } from '@rope/domain/messages';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { AppError, forbidden } from '../http/app-error.ts';
import { accessOf, ROUTE_ACCESS, type RouteAccess } from '../http/route-access.ts';
import { type RequestAuth, resolveRequestAuth, STATE_CHANGING } from '../session/request-auth.ts';
import { forgetSessionsEverywhere, listenForSessionChanges } from '../session/sessions-changed.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
}

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

/** An /api route as registered, with the access it declares (read once every route is registered). */
export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its access: what the route-access test holds to the declarations. */
    apiRoutes(): ApiRoute[];
  }
}

/** Resolves the caller of every API request: a bearer API key, or the session cookie of a person. */
export const authenticate = fp(
  async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
    app.decorateRequest('auth', null as unknown as RequestAuth);
    const registered: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      if (!route.url?.startsWith('/api/')) return;
      const declared: unknown = route.config?.access;
      if (declared !== undefined && !ROUTE_ACCESS.includes(declared as RouteAccess)) {
        throw new Error(`${route.method} ${route.url} declares an unknown access ${String(declared)}`);
      }
      // Kept as given: a plugin's own onRoute hook (the API documentation's) may still declare its routes' access.
      registered.push(route);
    });
    app.decorate('apiRoutes', () =>
      registered.flatMap((route) =>
        [route.method].flat().map((method) => ({ method, url: route.url, access: accessOf(route.config) })),
      ),
    );
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
      if (!known || !request.url.startsWith('/api/') || request.auth.actor) return;
      if (accessOf(request.routeOptions.config) !== 'public') {
        throw new AppError('UNAUTHENTICATED', message('app.errors.notSignedIn'));
      }
    });
    // After validation, where the routes' own checks ran before: a bad body still answers 400 first.
    app.addHook('preHandler', async (request) => {
      if (accessOf(request.routeOptions.config) !== 'session-only' || !request.url.startsWith('/api/')) return;
      if (request.auth.actor?.via !== 'session') throw forbidden(message('app.errors.personOnly'));
    });
    app.addHook('onRequest', async (request) => {
      request.auth = {};
      if (request.url.startsWith('/api/')) request.auth = await resolveRequestAuth(ctx, request);
    });
  },
  { name: 'authenticate' },
);
