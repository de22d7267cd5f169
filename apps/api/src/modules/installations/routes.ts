import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import {
  installationCreateSchema,
  installationOrderSchema,
  installationPatchSchema,
} from '@rope/domain/hierarchy/schemas';
import { message } from '@rope/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { fileAnswer } from '../../http/answers.ts';
import { requireActor } from '../../http/guards.ts';
import { readUpload } from '../../http/read-upload.ts';
import { sendStored } from '../../http/send-stored.ts';
import { createInstallation } from './create.ts';
import { getInstallation } from './get.ts';
import { findMapImageKey } from './get-map-image.ts';
import { listInstallations } from './list.ts';
import { moveInstallationBefore } from './move-before.ts';
import { deleteInstallation } from './remove.ts';
import { updateInstallation } from './update.ts';
import { MAP_IMAGE_RULES, MAP_IMAGE_TYPES, uploadMapImage } from './upload-map-image.ts';
import { installationViewSchema } from './view.ts';

const listQuery = z.object({
  archived: z.enum(['0', '1']).optional(),
  showAsUser: idTextSchema.optional(),
});
const areaParams = idParamsSchema;
const one = z.object({ installation: installationViewSchema });

export function installationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/areas/:id/installations',
      {
        schema: {
          tags: ['installations'],
          operationId: 'listAreaInstallations',
          summary: 'The installations of an area, live or archived, in their order',
          params: areaParams,
          querystring: listQuery,
          response: { 200: z.object({ installations: z.array(installationViewSchema) }) },
        },
      },
      (request) =>
        listInstallations({
          ctx,
          actor: requireActor(request),
          input: {
            areaId: request.params.id,
            archived: request.query.archived === '1',
            showAsUser: request.query.showAsUser,
          },
          request,
        }),
    );

    app.post(
      '/areas/:id/installations',
      {
        schema: {
          tags: ['installations'],
          operationId: 'createInstallation',
          summary: 'Add an installation to an area, last in its order; unnamed it gets the next free number',
          params: areaParams,
          body: z.object({ installation: installationCreateSchema.extend({ area: z.unknown().optional() }) }),
          response: { 200: one },
        },
      },
      (request) =>
        createInstallation({
          ctx,
          actor: requireActor(request),
          input: { areaId: request.params.id, name: request.body.installation.name },
          request,
        }),
    );

    app.get(
      '/installations/:id',
      {
        schema: {
          tags: ['installations'],
          operationId: 'getInstallation',
          summary: 'An installation with the largest damage of its live ropes',
          params: idParamsSchema,
          querystring: listQuery,
          response: { 200: one },
        },
      },
      (request) =>
        getInstallation({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, showAsUser: request.query.showAsUser },
          request,
        }),
    );

    app.patch(
      '/installations/:id',
      {
        schema: {
          tags: ['installations'],
          operationId: 'updateInstallation',
          summary: 'Change an installation: any part as GET answers it, attributes merged key by key',
          params: idParamsSchema,
          body: z.object({ installation: installationPatchSchema }),
          response: { 200: one },
        },
      },
      (request) =>
        updateInstallation({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, patch: request.body.installation },
          request,
        }),
    );

    app.post(
      '/installations/:id/order-before',
      {
        schema: {
          tags: ['installations'],
          response: { 204: z.null() },
          operationId: 'moveInstallationBefore',
          summary: 'Move an installation before another of its area, or to the end',
          params: idParamsSchema,
          body: installationOrderSchema,
        },
      },
      async (request, reply) => {
        const input = { id: request.params.id, beforeId: request.body.installation.id };
        await moveInstallationBefore({ ctx, actor: requireActor(request), input, request });
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/installations/:id/map-image',
      {
        schema: {
          tags: ['installations'],
          operationId: 'uploadInstallationMapImage',
          summary: "Upload the installation's site plan (JPEG or PNG, at most 10 MB; multipart, one file)",
          params: idParamsSchema,
          consumes: ['multipart/form-data'],
          response: { 200: one },
        },
      },
      (request) =>
        uploadMapImage({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, readFile: () => readUpload(request, MAP_IMAGE_RULES) },
          request,
        }),
    );

    app.get(
      '/installations/:id/map-image',
      {
        config: { errors: ['RANGE_NOT_SATISFIABLE'] },
        schema: {
          tags: ['installations'],
          response: fileAnswer(['image/*'], "The installation's map image"),
          operationId: 'downloadInstallationMapImage',
          summary: "The installation's site plan image; a Range header gets 206 with that part",
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const key = await findMapImageKey({ ctx, actor: requireActor(request), input: request.params, request });
        return sendStored(request, reply, ctx.storage, key, {
          cacheControl: 'private, max-age=300',
          missing: message('app.errors.noMapImage'),
          types: MAP_IMAGE_TYPES,
        });
      },
    );

    app.delete(
      '/installations/:id',
      {
        schema: {
          tags: ['installations'],
          response: { 204: z.null() },
          operationId: 'deleteInstallation',
          summary: 'Delete an installation with its ropes, events, tasks and notifications (admins)',
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        await deleteInstallation({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send(null);
      },
    );
  };
}
