import type { ErrorCode } from '@rope/domain/errors';

/**
 * Who may call a route, declared in its options next to its schema (`config: { access: 'public' }`):
 * - `public`: anyone, signed in or not (health, the API documentation, signing in, the account mails' links);
 * - `signed-in`: a person's session or an API key; what every route is unless it says otherwise, so a new route is
 *   never public by accident;
 * - `session-only`: a person's session; an API key is refused (the person's own two-factor method, profile).
 * The authentication plugin (plugins/authenticate.ts) reads it; the routes check permissions themselves.
 */
export const ROUTE_ACCESS = ['public', 'signed-in', 'session-only'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * The refusals a route gives beyond those every route of its kind may give (plugins/openapi-operation.ts), for
     * the API document: a conflict, a rule of the domain, too many requests.
     */
    errors?: ErrorCode[];
  }
}

/** A route's access as declared, signed-in when it declares none. */
export function accessOf(config: { access?: RouteAccess } | undefined): RouteAccess {
  return config?.access ?? 'signed-in';
}
