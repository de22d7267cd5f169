import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function mandatorRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
