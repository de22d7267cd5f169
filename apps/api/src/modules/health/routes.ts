import { can } from '@rope/domain/access/actor';
import { healthSchema } from '@rope/domain/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public' },
        // Docker, compose and load balancers ask every few seconds: two info lines each would bury the log (17,000
        // a day from the image's own check). Warnings and errors of the route still show.
        logLevel: 'warn',
        schema: {
          tags: ['system'],
          operationId: 'getHealth',
          summary: 'ok or degraded; the database and queue behind it for admins only',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        const [databaseOk, queue] = await Promise.all([
          ctx.database.ping(),
          ctx.queue.health().catch(() => ({ kind: ctx.queue.kind, ok: false, pending: -1 })),
        ]);
        const ok = databaseOk && queue.ok;
        const status = ok ? 'ok' : 'degraded';
        // The answer differs by caller, and a stale one is worse than none: nobody keeps it.
        reply.status(ok ? 200 : 503).header('Cache-Control', 'no-store');
        if (!can(request.auth.actor, 'SYSTEM_STATUS')) return reply.send({ status });
        return reply.send({
          status,
          database: { kind: ctx.database.kind, ok: databaseOk },
          queue: { kind: queue.kind, ok: queue.ok, pending: queue.pending },
          version: ctx.version,
        });
      },
    );
  };
}
