import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import { areaCreateSchema, areaMergedSchema, areaPatchSchema } from '@rope/domain/hierarchy';
import { areaPositionSchema } from '@rope/domain/views/hierarchy';
import { mandatorUsersAnswerSchema } from '@rope/domain/views/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { requirePermission } from '../../http/guards.ts';
import { damageBelow } from '../hierarchy/damage-summary.ts';
import { findArea, viewerFor } from '../hierarchy/scope.ts';
import { createArea } from './create.ts';
import { listAreaPositions, listAreas } from './list.ts';
import { listAreaUsers } from './list-users.ts';
import { deleteArea, updateArea } from './update.ts';
import { areaViewSchema, toAreaView } from './view.ts';

const showAsQuery = z.object({
  showAsUser: idTextSchema.optional(),
  archived: z.enum(['0', '1']).optional(),
});

export function areaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/areas',
      {
        schema: {
          tags: ['areas'],
          querystring: showAsQuery,
          response: { 200: z.object({ areas: z.array(areaViewSchema) }) },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        return { areas: await listAreas({ ctx, viewer, archived: request.query.archived === '1' }) };
      },
    );

    app.get(
      '/areas/positions',
      {
        schema: {
          tags: ['areas'],
          querystring: showAsQuery,
          response: {
            200: z.object({ areas: z.array(areaPositionSchema) }),
          },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        return { areas: await listAreaPositions({ ctx, viewer }) };
      },
    );

    app.post(
      '/areas',
      {
        schema: {
          tags: ['areas'],
          body: z.object({ area: areaCreateSchema }),
          response: { 200: z.object({ area: z.object({ id: z.number() }) }) },
        },
      },
      async (request) => {
        requirePermission(request, 'AREA_FULL_EDIT');
        return { area: await createArea({ ctx, input: request.body.area }) };
      },
    );

    app.get(
      '/areas/:id',
      {
        schema: {
          tags: ['areas'],
          params: idParamsSchema,
          querystring: showAsQuery,
          response: { 200: z.object({ area: areaViewSchema }) },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        const { area, mandatorName } = await findArea(ctx, viewer, request.params.id);
        return { area: toAreaView(area, mandatorName, await damageBelow(ctx.db, { areaId: area.id })) };
      },
    );

    app.patch(
      '/areas/:id',
      { schema: { tags: ['areas'], params: idParamsSchema, body: z.object({ area: areaPatchSchema }) } },
      async (request, reply) => {
        const actor = requirePermission(request, 'AREA_PARTIAL_EDIT');
        const { area, mandatorName } = await findArea(ctx, actor, request.params.id);
        const { id: _id, mandator, damages: _damages, ...current } = toAreaView(area, mandatorName, null);
        const { mandator: sentMandator, ...patch } = request.body.area;
        if (sentMandator && patch.mandatorId === undefined) patch.mandatorId = sentMandator.id;
        const { value, changed } = applyPatch({
          entity: 'area',
          current: { ...current, mandatorId: mandator.id },
          patch,
          schema: areaMergedSchema,
        });
        if (changed.length > 0) {
          const input = Object.fromEntries(changed.map((key) => [key, value[key as keyof typeof value]]));
          await updateArea({ ctx, actor, id: request.params.id, input });
        }
        return reply.status(204).send();
      },
    );

    app.delete('/areas/:id', { schema: { tags: ['areas'], params: idParamsSchema } }, async (request, reply) => {
      const actor = requirePermission(request, 'AREA_FULL_EDIT');
      await deleteArea({ ctx, actor, id: request.params.id });
      return reply.status(204).send();
    });

    app.get(
      '/areas/:id/users',
      {
        schema: {
          tags: ['areas'],
          params: idParamsSchema,
          response: { 200: mandatorUsersAnswerSchema },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'AREA_PARTIAL_EDIT');
        const { area } = await findArea(ctx, actor, request.params.id);
        return { users: await listAreaUsers({ ctx, mandatorId: area.mandatorId }) };
      },
    );
  };
}
