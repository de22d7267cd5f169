import { ropes } from '@rope/db/schema/index';
import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import { ropeCreateSchema, ropeMergedSchema, ropeOrderSchema, ropePatchSchema } from '@rope/domain/hierarchy';
import { placedRopeViewSchema } from '@rope/domain/views/hierarchy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { requirePermission } from '../../http/guards.ts';
import { reorderBefore } from '../hierarchy/reorder.ts';
import { assertWritable, findInstallation, findRope, viewerFor } from '../hierarchy/scope.ts';
import { createRope } from './create.ts';
import { listAllRopes, listVisibleRopes } from './list.ts';
import { deleteRope, updateRope } from './update.ts';
import { ropeViewSchema, toRopeView } from './view.ts';

const listQuery = z.object({
  archived: z.enum(['0', '1']).optional(),
  showAsUser: idTextSchema.optional(),
});
const one = z.object({ rope: ropeViewSchema });

export function ropeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/installations/:id/ropes',
      {
        schema: {
          tags: ['ropes'],
          params: idParamsSchema,
          querystring: listQuery,
          response: { 200: z.object({ ropes: z.array(ropeViewSchema) }) },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        const archived = request.query.archived === '1';
        return { ropes: await listVisibleRopes({ ctx, viewer, installationId: request.params.id, archived }) };
      },
    );

    app.post(
      '/installations/:id/ropes',
      {
        schema: {
          tags: ['ropes'],
          params: idParamsSchema,
          body: z.object({ rope: ropeCreateSchema }),
          response: { 200: one },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'AREA_PARTIAL_EDIT');
        const { installation, area } = await findInstallation(ctx, actor, request.params.id);
        assertWritable([installation, area]);
        return { rope: await createRope({ ctx, installationId: installation.id, name: request.body.rope.name }) };
      },
    );

    app.get(
      '/ropes',
      {
        schema: {
          tags: ['ropes'],
          querystring: listQuery,
          response: { 200: z.object({ ropes: z.array(placedRopeViewSchema) }) },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        return { ropes: await listAllRopes({ ctx, viewer }) };
      },
    );

    app.get(
      '/ropes/:id',
      { schema: { tags: ['ropes'], params: idParamsSchema, querystring: listQuery, response: { 200: one } } },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        const { rope } = await findRope(ctx, viewer, request.params.id);
        return { rope: toRopeView(rope) };
      },
    );

    app.patch(
      '/ropes/:id',
      {
        schema: {
          tags: ['ropes'],
          params: idParamsSchema,
          body: z.object({ rope: ropePatchSchema }),
          response: { 200: one },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'AREA_PARTIAL_EDIT');
        const { rope } = await findRope(ctx, actor, request.params.id);
        const { name, attributes, latlngs, isDeleted } = rope;
        const { value, changed } = applyPatch({
          entity: 'rope',
          current: { name, attributes, latlngs, isDeleted },
          patch: request.body.rope,
          schema: ropeMergedSchema,
        });
        if (changed.length === 0) return { rope: toRopeView(rope) };
        const input = Object.fromEntries(changed.map((key) => [key, value[key as keyof typeof value]]));
        return { rope: await updateRope({ ctx, actor, id: request.params.id, input }) };
      },
    );

    app.post(
      '/ropes/:id/order-before',
      { schema: { tags: ['ropes'], params: idParamsSchema, body: ropeOrderSchema } },
      async (request, reply) => {
        const actor = requirePermission(request, 'AREA_PARTIAL_EDIT');
        const { rope, installation, area } = await findRope(ctx, actor, request.params.id);
        assertWritable([installation, area]);
        const columns = { table: ropes, id: ropes.id, parentId: ropes.installationId, ordering: ropes.ordering };
        const moved = await reorderBefore(ctx.db, columns, installation.id, rope.id, request.body.rope.id);
        if (!moved) throw new AppError('VALIDATION', 'The target rope is not in the same installation');
        return reply.status(204).send();
      },
    );

    app.delete('/ropes/:id', { schema: { tags: ['ropes'], params: idParamsSchema } }, async (request, reply) => {
      const actor = requirePermission(request, 'AREA_FULL_EDIT');
      await deleteRope({ ctx, actor, id: request.params.id });
      return reply.status(204).send();
    });
  };
}
