import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function authRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
