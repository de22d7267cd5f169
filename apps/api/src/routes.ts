import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mandatorRoutes } from './modules/mandators/routes.ts';
import { samlRoutes } from './modules/saml/routes.ts';
import { userRoutes } from './modules/users/routes.ts';

/** Every feature's routes, all under /api. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const routes of [healthRoutes, authRoutes, samlRoutes, userRoutes, mandatorRoutes]) {
    await app.register(routes(ctx), { prefix: '/api' });
  }
}
