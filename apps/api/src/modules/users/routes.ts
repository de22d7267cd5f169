import { idParamsSchema } from '@rope/domain/common';
import { managesUsers } from '@rope/domain/permissions';
import { userUpdateSchema } from '@rope/domain/user-forms';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { guard, requireActor } from '../../http/guards.ts';
import { createUser } from './create.ts';
import { deleteUser } from './delete.ts';
import { exportRoutes } from './export-routes.ts';
import { getUser } from './get.ts';
import { listUsers } from './list.ts';
import { listSamlProviders } from './list-saml-providers.ts';
import { pictureRoutes } from './picture-routes.ts';
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

/** The users screen is for people who manage users: edit-any or edit-own. */
async function requireUserManager(request: FastifyRequest) {
  if (!managesUsers(requireActor(request))) throw forbidden();
}

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    app.get(
      '/users',
      {
        schema: {
          tags,
          summary: 'Users the actor manages, 25 per page',
          querystring: userListQuerySchema,
          response: { 200: userListAnswerSchema },
        },
        preHandler: requireUserManager,
      },
      (request) => listUsers({ ctx, actor: requireActor(request), input: request.query }),
    );
    app.get(
      '/users/saml/providers',
      {
        schema: { tags, summary: 'Configured SAML identity providers', response: { 200: samlProvidersAnswerSchema } },
        preHandler: requireUserManager,
      },
      async () => listSamlProviders(ctx.env),
    );
    app.get(
      '/users/:id',
      {
        schema: {
          tags,
          summary: 'One user for the edit dialog',
          params: idParamsSchema,
          response: { 200: userAnswerSchema },
        },
        preHandler: requireUserManager,
      },
      (request) => getUser({ ctx, actor: requireActor(request), input: request.params }),
    );
    app.post(
      '/users',
      {
        schema: { tags, summary: 'Create a user', body: userCreateBodySchema, response: { 200: userCreatedSchema } },
        preHandler: requireUserManager,
      },
      (request) => createUser({ ctx, actor: requireActor(request), input: request.body.user, request }),
    );
    app.patch(
      '/users/:id',
      {
        schema: {
          tags,
          summary: 'Update a user',
          params: idParamsSchema,
          body: userUpdateBodySchema,
          response: { 200: userAnswerSchema },
        },
        preHandler: requireUserManager,
      },
      async (request) => {
        const actor = requireActor(request);
        const { user: stored } = await getUser({ ctx, actor, input: request.params });
        const { password, ...patch } = request.body.user;
        const { id: _id, roles: _roles, pictureUri: _picture, ...current } = stored;
        const { value, changed } = applyPatch({ entity: 'user', current, patch, schema: userUpdateSchema });
        const user = {
          ...Object.fromEntries(changed.map((key) => [key, value[key as keyof typeof value]])),
          ...(password === undefined ? {} : { password }),
        };
        return updateUser({ ctx, actor, input: { id: request.params.id, user }, request });
      },
    );
    app.delete(
      '/users/:id',
      {
        schema: { tags, summary: 'Delete a user (edit-any only)', params: idParamsSchema, response: { 204: z.null() } },
        preHandler: guard('USER_EDIT_ANY'),
      },
      async (request, reply) => {
        await deleteUser({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send(null);
      },
    );
    await app.register(exportRoutes(ctx));
    await app.register(pictureRoutes(ctx));
  };
}
