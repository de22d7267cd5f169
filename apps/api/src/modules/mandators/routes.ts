import { idParamsSchema } from '@rope/domain/common';
import { mandatorListQuerySchema } from '@rope/domain/list-sort';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { createMandator } from './create.ts';
import { listMandators } from './list.ts';
import { listMandatorUsers } from './list-users.ts';
import { deleteMandator } from './remove.ts';
import {
  mandatorAnswerSchema,
  mandatorCreateBodySchema,
  mandatorListAnswerSchema,
  mandatorUpdateBodySchema,
  mandatorUsersAnswerSchema,
} from './schemas.ts';
import { updateMandator } from './update.ts';

export function mandatorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['mandators'];
    app.get(
      '/mandators',
      {
        schema: {
          tags,
          operationId: 'listMandators',
          summary: 'All mandators, by name or by an allowed sort column',
          querystring: mandatorListQuerySchema,
          response: { 200: mandatorListAnswerSchema },
        },
      },
      (request) => listMandators({ ctx, actor: requireActor(request), input: request.query }),
    );
    app.post(
      '/mandators',
      {
        schema: {
          tags,
          operationId: 'createMandator',
          summary: 'Create a mandator',
          body: mandatorCreateBodySchema,
          response: { 200: mandatorAnswerSchema },
        },
      },
      (request) => createMandator({ ctx, actor: requireActor(request), input: request.body.mandator, request }),
    );
    app.patch(
      '/mandators/:id',
      {
        schema: {
          tags,
          operationId: 'updateMandator',
          summary: 'Update a mandator',
          params: idParamsSchema,
          body: mandatorUpdateBodySchema,
          response: { 200: mandatorAnswerSchema },
        },
      },
      (request) =>
        updateMandator({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, patch: request.body.mandator },
          request,
        }),
    );
    app.delete(
      '/mandators/:id',
      {
        config: { errors: ['CONFLICT'] },
        schema: {
          tags,
          operationId: 'deleteMandator',
          summary: 'Delete an unused mandator',
          params: idParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteMandator({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/mandators/:id/users',
      {
        schema: {
          tags,
          operationId: 'listMandatorUsers',
          summary: 'Users of a mandator (admins; client admins for their own mandators)',
          params: idParamsSchema,
          response: { 200: mandatorUsersAnswerSchema },
        },
      },
      (request) => listMandatorUsers({ ctx, actor: requireActor(request), input: request.params }),
    );
  };
}
