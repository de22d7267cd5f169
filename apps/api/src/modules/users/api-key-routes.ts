import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import { apiKeyCreatedAnswerSchema, apiKeyCreateSchema, apiKeyListAnswerSchema } from '@rope/domain/users/api-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';

/** The API keys of an API user: listed, made and revoked by admins in a session (a key never makes keys). */
export function apiKeyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    const config = { access: 'session-only' as const };
    app.get(
      '/users/:id/api-keys',
      {
        config,
        schema: {
          tags,
          operationId: 'listUserApiKeys',
          summary: "An API user's keys, newest first, revoked ones included (admins)",
          params: idParamsSchema,
          response: { 200: apiKeyListAnswerSchema },
        },
      },
      (request) => listApiKeys({ ctx, actor: requireActor(request), input: { userId: request.params.id }, request }),
    );
    app.post(
      '/users/:id/api-keys',
      {
        config,
        schema: {
          tags,
          operationId: 'createUserApiKey',
          summary: 'A new key for an API user, answered this once; an optional end (admins)',
          params: idParamsSchema,
          body: z.object({ apiKey: apiKeyCreateSchema }),
          response: { 200: apiKeyCreatedAnswerSchema },
        },
      },
      (request) =>
        createApiKey({
          ctx,
          actor: requireActor(request),
          input: { userId: request.params.id, apiKey: request.body.apiKey },
          request,
        }),
    );
    app.delete(
      '/users/:id/api-keys/:keyId',
      {
        config,
        schema: {
          tags,
          operationId: 'revokeUserApiKey',
          summary: "Revoke an API user's key: its next call answers 401 (admins)",
          params: z.object({ id: idTextSchema, keyId: idTextSchema }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const input = { userId: request.params.id, apiKeyId: request.params.keyId };
        await revokeApiKey({ ctx, actor: requireActor(request), input, request });
        return reply.status(204).send(null);
      },
    );
  };
}
