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
          operationId: 'listAreas',
          summary: 'Areas the caller sees, live or archived, with the largest damage of their live ropes',
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
          operationId: 'listAreaPositions',
          summary: 'Map markers of the live areas the caller sees: id, position and damage',
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
          operationId: 'createArea',
          summary: 'Create an area of a mandator (admins)',
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
          operationId: 'getArea',
          summary: 'An area with the largest damage of its live ropes',
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
      {
        schema: {
          tags: ['areas'],
          response: { 204: z.null() },
          operationId: 'updateArea',
          summary: 'Change an area: any part as GET answers it (name, mandator, client, archiving: admins)',
          params: idParamsSchema,
          body: z.object({ area: areaPatchSchema }),
        },
      },
      async (request, reply) => {
        const input = { id: request.params.id, patch: request.body.area };
        await updateArea({ ctx, actor: requireActor(request), input, request });
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/areas/:id',
      {
        schema: {
          tags: ['areas'],
          response: { 204: z.null() },
          operationId: 'deleteArea',
          summary: 'Delete an area with its installations, ropes, events and tasks (admins)',
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        await deleteArea({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/areas/:id/users',
      {
        schema: {
          tags: ['areas'],
          operationId: 'listAreaUsers',
          summary: "The people of the area's mandator: candidates for its client user and notifications",
          params: idParamsSchema,
          response: { 200: mandatorUsersAnswerSchema },
        },
      },
      (request) => listAreaUsers({ ctx, actor: requireActor(request), input: request.params, request }),
    );
  };
}
