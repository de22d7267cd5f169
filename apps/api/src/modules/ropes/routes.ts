import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import { ropeCreateSchema, ropeOrderSchema, ropePatchSchema } from '@rope/domain/hierarchy/schemas';
import { placedRopeViewSchema, ropeOverviewAnswerSchema } from '@rope/domain/hierarchy/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { plainJsonSerializer } from '../../http/answers.ts';
import { requireActor } from '../../http/guards.ts';
import { documentedExample } from '../request-examples.ts';
import { createRope } from './create.ts';
import { getRope } from './get.ts';
import { listRopes } from './list.ts';
import { listAllRopes } from './list-all.ts';
import { listRopeOverview } from './list-overview.ts';
import { moveRopeBefore } from './move-before.ts';
import { deleteRope } from './remove.ts';
import { updateRope } from './update.ts';
import { ropeViewSchema } from './view.ts';

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
          operationId: 'listInstallationRopes',
          summary: 'The ropes of an installation, live or archived, in their order',
          params: idParamsSchema,
          querystring: listQuery,
          response: { 200: z.object({ ropes: z.array(ropeViewSchema) }) },
        },
        // Built field by field (toRopeView); its schema's pass was most of the call for an installation of 40 ropes.
        serializerCompiler: plainJsonSerializer,
      },
      (request) =>
        listRopes({
          ctx,
          actor: requireActor(request),
          input: {
            installationId: request.params.id,
            archived: request.query.archived === '1',
            showAsUser: request.query.showAsUser,
          },
          request,
        }),
    );

    app.post(
      '/installations/:id/ropes',
      {
        schema: {
          tags: ['ropes'],
          operationId: 'createRope',
          summary: 'Add a rope to an installation, last in its order; its damage is assessed at once',
          params: idParamsSchema,
          body: z.object({ rope: ropeCreateSchema }),
          response: { 200: one },
        },
      },
      (request) =>
        createRope({
          ctx,
          actor: requireActor(request),
          input: { installationId: request.params.id, name: request.body.rope.name },
          request,
        }),
    );

    app.get(
      '/ropes',
      {
        schema: {
          tags: ['ropes'],
          operationId: 'listRopes',
          summary: 'Every live rope the caller sees with its installation and area',
          querystring: listQuery,
          response: { 200: z.object({ ropes: z.array(placedRopeViewSchema) }) },
        },
        serializerCompiler: plainJsonSerializer,
      },
      (request) =>
        listAllRopes({ ctx, actor: requireActor(request), input: { showAsUser: request.query.showAsUser }, request }),
    );

    app.get(
      '/ropes/overview',
      {
        schema: {
          tags: ['ropes'],
          operationId: 'listRopeOverview',
          summary: 'Every live rope the caller sees with its installation, area and damage (the dashboard)',
          querystring: listQuery,
          response: { 200: ropeOverviewAnswerSchema },
        },
        serializerCompiler: plainJsonSerializer,
      },
      (request) =>
        listRopeOverview({
          ctx,
          actor: requireActor(request),
          input: { showAsUser: request.query.showAsUser },
          request,
        }),
    );

    app.get(
      '/ropes/:id',
      {
        schema: {
          tags: ['ropes'],
          operationId: 'getRope',
          summary: 'A rope with its attributes and damage',
          params: idParamsSchema,
          querystring: listQuery,
          response: { 200: one },
        },
      },
      (request) =>
        getRope({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, showAsUser: request.query.showAsUser },
          request,
        }),
    );

    app.patch(
      '/ropes/:id',
      {
        schema: {
          tags: ['ropes'],
          operationId: 'updateRope',
          summary: 'Change a rope: any attribute as GET answers it',
          params: idParamsSchema,
          body: z.object({ rope: ropePatchSchema }).meta(documentedExample('PATCH /api/ropes/{id}')),
          response: { 200: one },
        },
      },
      (request) =>
        updateRope({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, patch: request.body.rope },
          request,
        }),
    );

    app.post(
      '/ropes/:id/order-before',
      {
        schema: {
          tags: ['ropes'],
          response: { 204: z.null() },
          operationId: 'moveRopeBefore',
          summary: 'Move a rope before another of its installation, or to the end',
          params: idParamsSchema,
          body: ropeOrderSchema,
        },
      },
      async (request, reply) => {
        const input = { id: request.params.id, beforeId: request.body.rope.id };
        await moveRopeBefore({ ctx, actor: requireActor(request), input, request });
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/ropes/:id',
      {
        schema: {
          tags: ['ropes'],
          response: { 204: z.null() },
          operationId: 'deleteRope',
          summary: 'Delete a rope with its events, tasks, notifications and TRUscan files (admins)',
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        await deleteRope({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send(null);
      },
    );
  };
}
