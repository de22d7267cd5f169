import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { accountRoutes } from './account-routes.ts';
import { loginRoutes } from './login-routes.ts';
import { selfRoutes } from './self-routes.ts';

/** Sign-in, sessions, password reset and activation, unsubscribe, and the person's own settings. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(loginRoutes(ctx));
    await app.register(accountRoutes(ctx));
    await app.register(selfRoutes(ctx));
  };
}
