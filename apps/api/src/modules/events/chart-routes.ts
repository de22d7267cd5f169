import { idParamsSchema, idTextSchema, integerTextSchema } from '@rope/domain/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requirePermission } from '../../http/guards.ts';
import { findArea, findInstallation, findRope, viewerFor } from '../hierarchy/scope.ts';
import { listInstallations } from '../installations/list.ts';
import { listRopes } from '../ropes/list.ts';
import { currentBendingCycles, damageChart, lossOverTarget } from './damage-chart.ts';
import { listLatestEvents } from './list.ts';
import { placedEventViewSchema } from './view.ts';

/** A bound of the x axis: bending cycles as a decimal number, or a time as an ISO date; nothing read as NaN. */
const rangeBound = z
  .string()
  .max(40)
  .regex(
    /^(-?(0|[1-9][0-9]{0,14})(\.[0-9]{1,12})?|[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9:.]+(Z|[+-][0-9]{2}:[0-9]{2})?)?)$/,
    'Expected a number or an ISO date',
  );
const showAs = { showAsUser: idTextSchema.optional() };

/** Damage charts, loss over time, bending cycles and the damage summaries of lists. */
export function eventChartRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ropes/:id/events/damage',
      {
        schema: {
          tags: ['events'],
          description:
            'The damage chart per reference length. Long columns are base64 of little-endian typed arrays (types ' +
            'in `columns`): `damages` {id, position, count, lossPct} are the damages that count, sorted as the ' +
            'windows index them; window i starts at damages.position[windows.first[i]]; each series of `result` ' +
            'has `points` {eventCount, value}: the window holds eventCount[i] damages from its first on (wrapping ' +
            'on an endless rope) and value[i] is their sum under the rule in force. Positions are datum positions ' +
            '(damages found by MRT moved by `positionOffset`). `status` is `unknown` when the rope lacks an input ' +
            'its rule set needs: `missingInputs` names them, `damage` and `health` are null and `result` is empty. ' +
            'See docs/damage-chart.md.',
          params: idParamsSchema,
          querystring: z.object({
            damageFilter: z.enum(['manual', 'mrt', '']).optional(),
            dateFilter: z.iso.date().optional(),
            ...showAs,
          }),
        },
      },
      async (request, reply) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        const { rope } = await findRope(ctx, viewer, request.params.id);
        const damageFilter = request.query.damageFilter || undefined;
        const json = await damageChart(ctx, rope.id, { damageFilter, dateFilter: request.query.dateFilter });
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );

    app.get(
      '/ropes/:id/events/lossOverTarget',
      {
        schema: {
          tags: ['events'],
          params: idParamsSchema,
          querystring: z.object({
            xAxis: z.enum(['timestamp', 'bendingCycles']).default('timestamp'),
            rangeFrom: rangeBound.optional(),
            rangeTo: rangeBound.optional(),
            ...showAs,
          }),
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        const { rope } = await findRope(ctx, viewer, request.params.id);
        return lossOverTarget(ctx, rope.id, request.query);
      },
    );

    app.get('/ropes/:id/bendingCycles', { schema: { tags: ['events'], params: idParamsSchema } }, async (request) => {
      const actor = requirePermission(request, 'DOMAIN_READ');
      const { rope } = await findRope(ctx, actor, request.params.id);
      return currentBendingCycles(ctx, rope.id);
    });

    app.get(
      '/installations/:id/events',
      {
        schema: {
          tags: ['events'],
          params: idParamsSchema,
          querystring: z.object({ limit: integerTextSchema(1, 100).default(10), ...showAs }),
          response: { 200: z.object({ ropeEvents: z.array(placedEventViewSchema) }) },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        const { installation } = await findInstallation(ctx, viewer, request.params.id);
        return {
          ropeEvents: await listLatestEvents({
            ctx,
            viewer,
            limit: request.query.limit,
            installationId: installation.id,
          }),
        };
      },
    );

    app.get(
      '/areas/:id/installations/events/damage-summary',
      { schema: { tags: ['events'], params: idParamsSchema, querystring: z.object(showAs) } },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        const { area } = await findArea(ctx, viewer, request.params.id);
        const installations = await listInstallations({ ctx, areaId: area.id, archived: false });
        const summary = await Promise.all(
          installations.map(async (installation) => ({
            installation: { id: installation.id, name: installation.name, damages: installation.damages },
            ropes: (await listRopes({ ctx, installationId: installation.id, archived: false })).map((rope) => ({
              id: rope.id,
              name: rope.name,
              damages: rope.damages,
            })),
          })),
        );
        return { installations: summary };
      },
    );
  };
}
