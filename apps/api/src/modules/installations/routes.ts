import { installations } from '@rope/db/schema/index';
import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import {
  installationCreateSchema,
  installationMergedSchema,
  installationOrderSchema,
  installationPatchSchema,
} from '@rope/domain/hierarchy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { requirePermission } from '../../http/guards.ts';
import { readUpload } from '../../http/read-upload.ts';
import { sendStored } from '../../http/send-stored.ts';
import { damageBelow } from '../hierarchy/damage-summary.ts';
import { reorderBefore } from '../hierarchy/reorder.ts';
import { assertWritable, findArea, findInstallation, viewerFor } from '../hierarchy/scope.ts';
import { createInstallation } from './create.ts';
import { listInstallations } from './list.ts';
import { findMapImageKey, MAP_IMAGE_RULES, MAP_IMAGE_TYPES, saveMapImage } from './map-image.ts';
import { deleteInstallation, updateInstallation } from './update.ts';
import { installationViewSchema, toInstallationView } from './view.ts';

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
          params: areaParams,
          querystring: listQuery,
          response: { 200: z.object({ installations: z.array(installationViewSchema) }) },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        const { area } = await findArea(ctx, viewer, request.params.id);
        return {
          installations: await listInstallations({ ctx, areaId: area.id, archived: request.query.archived === '1' }),
        };
      },
    );

    app.post(
      '/areas/:id/installations',
      {
        schema: {
          tags: ['installations'],
          params: areaParams,
          body: z.object({ installation: installationCreateSchema.extend({ area: z.unknown().optional() }) }),
          response: { 200: one },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'AREA_PARTIAL_EDIT');
        const { area } = await findArea(ctx, actor, request.params.id);
        assertWritable([area]);
        return {
          installation: await createInstallation({ ctx, areaId: area.id, name: request.body.installation.name }),
        };
      },
    );

    app.get(
      '/installations/:id',
      { schema: { tags: ['installations'], params: idParamsSchema, querystring: listQuery, response: { 200: one } } },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        const { installation } = await findInstallation(ctx, viewer, request.params.id);
        const damages = await damageBelow(ctx.db, { installationId: installation.id });
        return { installation: { ...toInstallationView(installation), damages } };
      },
    );

    app.patch(
      '/installations/:id',
      {
        schema: {
          tags: ['installations'],
          params: idParamsSchema,
          body: z.object({ installation: installationPatchSchema }),
          response: { 200: one },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'AREA_PARTIAL_EDIT');
        const { installation } = await findInstallation(ctx, actor, request.params.id);
        const { name, attributes, latlngs, isDeleted } = installation;
        const { value, changed } = applyPatch({
          entity: 'installation',
          current: { name, attributes, latlngs, isDeleted },
          patch: request.body.installation,
          schema: installationMergedSchema,
        });
        if (changed.length === 0) return { installation: toInstallationView(installation) };
        const input = Object.fromEntries(changed.map((key) => [key, value[key as keyof typeof value]]));
        return { installation: await updateInstallation({ ctx, actor, id: request.params.id, input }) };
      },
    );

    app.post(
      '/installations/:id/order-before',
      { schema: { tags: ['installations'], params: idParamsSchema, body: installationOrderSchema } },
      async (request, reply) => {
        const actor = requirePermission(request, 'AREA_PARTIAL_EDIT');
        const { installation, area } = await findInstallation(ctx, actor, request.params.id);
        assertWritable([area]);
        const columns = {
          table: installations,
          id: installations.id,
          parentId: installations.areaId,
          ordering: installations.ordering,
        };
        const moved = await reorderBefore(ctx.db, columns, area.id, installation.id, request.body.installation.id);
        if (!moved) throw new AppError('VALIDATION', 'The target installation is not in the same area');
        return reply.status(204).send();
      },
    );

    app.post(
      '/installations/:id/map-image',
      {
        schema: {
          tags: ['installations'],
          params: idParamsSchema,
          consumes: ['multipart/form-data'],
          response: { 200: one },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'AREA_PARTIAL_EDIT');
        const upload = await readUpload(request, MAP_IMAGE_RULES);
        return { installation: await saveMapImage({ ctx, actor, id: request.params.id, upload }) };
      },
    );

    app.get(
      '/installations/:id/map-image',
      { schema: { tags: ['installations'], params: idParamsSchema } },
      async (request, reply) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const key = await findMapImageKey({ ctx, viewer: actor, id: request.params.id });
        return sendStored(request, reply, ctx.storage, key, {
          cacheControl: 'private, max-age=300',
          missing: 'This installation has no map image',
          types: MAP_IMAGE_TYPES,
        });
      },
    );

    app.delete(
      '/installations/:id',
      { schema: { tags: ['installations'], params: idParamsSchema } },
      async (request, reply) => {
        const actor = requirePermission(request, 'AREA_FULL_EDIT');
        await deleteInstallation({ ctx, actor, id: request.params.id });
        return reply.status(204).send();
      },
    );
  };
}
