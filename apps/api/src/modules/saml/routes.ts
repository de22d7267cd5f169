import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function samlRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
