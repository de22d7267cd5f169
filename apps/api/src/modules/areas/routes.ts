import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import { areaCreateSchema, areaPatchSchema } from '@rope/domain/hierarchy/schemas';
import { areaPositionSchema } from '@rope/domain/hierarchy/views';
import { mandatorUsersAnswerSchema } from '@rope/domain/users/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { createArea } from './create.ts';
import { getArea } from './get.ts';
import { listAreas } from './list.ts';
import { listAreaPositions } from './list-positions.ts';
import { listAreaUsers } from './list-users.ts';
import { deleteArea } from './remove.ts';
import { updateArea } from './update.ts';
import { areaViewSchema } from './view.ts';

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
      (request) =>
        listAreas({
          ctx,
          actor: requireActor(request),
          input: { showAsUser: request.query.showAsUser, archived: request.query.archived === '1' },
          request,
        }),
    );

    app.get(
      '/areas/positions',
      {
        schema: {
          tags: ['areas'],
          querystring: showAsQuery,
          response: { 200: z.object({ areas: z.array(areaPositionSchema) }) },
        },
      },
      (request) =>
        listAreaPositions({
          ctx,
          actor: requireActor(request),
          input: { showAsUser: request.query.showAsUser },
          request,
        }),
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
      (request) => createArea({ ctx, actor: requireActor(request), input: request.body.area, request }),
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
      (request) =>
        getArea({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, showAsUser: request.query.showAsUser },
          request,
        }),
    );

    app.patch(
      '/areas/:id',
      { schema: { tags: ['areas'], params: idParamsSchema, body: z.object({ area: areaPatchSchema }) } },
      async (request, reply) => {
        const input = { id: request.params.id, patch: request.body.area };
        await updateArea({ ctx, actor: requireActor(request), input, request });
        return reply.status(204).send();
      },
    );

    app.delete('/areas/:id', { schema: { tags: ['areas'], params: idParamsSchema } }, async (request, reply) => {
      await deleteArea({ ctx, actor: requireActor(request), input: request.params, request });
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
      (request) => listAreaUsers({ ctx, actor: requireActor(request), input: request.params, request }),
    );
  };
}
