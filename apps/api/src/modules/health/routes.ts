import { healthSchema } from '@rope/domain/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Database and queue state',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (_request, reply) => {
        const [databaseOk, queue] = await Promise.all([
          ctx.database.ping(),
          ctx.queue.health().catch(() => ({ kind: ctx.queue.kind, ok: false, pending: -1 })),
        ]);
        const ok = databaseOk && queue.ok;
        return reply.status(ok ? 200 : 503).send({
          status: ok ? 'ok' : 'degraded',
          database: { kind: ctx.database.kind, ok: databaseOk },
          queue: { kind: queue.kind, ok: queue.ok, pending: queue.pending },
          version: ctx.version,
        });
      },
    );
  };
}
