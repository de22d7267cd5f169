import { idParamsSchema } from '@rope/domain/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { apiKeyRoutes } from './api-key-routes.ts';
import { createUser } from './create.ts';
import { exportRoutes } from './export-routes.ts';
import { getUser } from './get.ts';
import { listUsers } from './list.ts';
import { listSamlProviders } from './list-saml-providers.ts';
import { pictureRoutes } from './picture-routes.ts';
import { deleteUser } from './remove.ts';
import {
  samlProvidersAnswerSchema,
  userAnswerSchema,
  userCreateBodySchema,
  userCreatedSchema,
  userListAnswerSchema,
  userListQuerySchema,
  userUpdateBodySchema,
} from './schemas.ts';
import { updateUser } from './update.ts';

/** The users screen: for people who manage users (edit-any or edit-own), which each verb checks. */
export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    app.get(
      '/users',
      {
        schema: {
          tags,
          operationId: 'listUsers',
          summary: 'Users the actor manages, 25 per page',
          querystring: userListQuerySchema,
          response: { 200: userListAnswerSchema },
        },
      },
      (request) => listUsers({ ctx, actor: requireActor(request), input: request.query }),
    );
    app.get(
      '/users/saml/providers',
      {
        schema: {
          tags,
          operationId: 'listSamlProviders',
          summary: 'Configured SAML identity providers',
          response: { 200: samlProvidersAnswerSchema },
        },
      },
      (request) => listSamlProviders({ ctx, actor: requireActor(request), input: undefined }),
    );
    app.get(
      '/users/:id',
      {
        schema: {
          tags,
          operationId: 'getUser',
          summary: 'One user for the edit dialog',
          params: idParamsSchema,
          response: { 200: userAnswerSchema },
        },
      },
      (request) => getUser({ ctx, actor: requireActor(request), input: request.params }),
    );
    app.post(
      '/users',
      {
        config: { errors: ['CONFLICT'] },
        schema: {
          tags,
          operationId: 'createUser',
          summary: 'Create a user',
          body: userCreateBodySchema,
          response: { 200: userCreatedSchema },
        },
      },
      (request) => createUser({ ctx, actor: requireActor(request), input: request.body.user, request }),
    );
    app.patch(
      '/users/:id',
      {
        config: { errors: ['CONFLICT'] },
        schema: {
          tags,
          operationId: 'updateUser',
          summary: 'Update a user',
          params: idParamsSchema,
          body: userUpdateBodySchema,
          response: { 200: userAnswerSchema },
        },
      },
      (request) =>
        updateUser({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, patch: request.body.user },
          request,
        }),
    );
    app.delete(
      '/users/:id',
      {
        schema: {
          tags,
          operationId: 'deleteUser',
          summary: 'Delete a user (edit-any only)',
          params: idParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteUser({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send(null);
      },
    );
    await app.register(exportRoutes(ctx));
    await app.register(pictureRoutes(ctx));
    await app.register(apiKeyRoutes(ctx));
  };
}
