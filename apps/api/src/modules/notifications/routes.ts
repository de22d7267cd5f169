import { installations } from '@rope/db/schema/index';
import { idParamsSchema } from '@rope/domain/common';
import { notificationSettingsBodySchema, notificationSettingsPatchSchema } from '@rope/domain/notification-rules';
import { notificationSettingsSchema, notificationStatusSchema } from '@rope/domain/notifications';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { requirePermission } from '../../http/guards.ts';
import { areaVisibleTo, findInstallation } from '../hierarchy/scope.ts';
import { deleteSettings } from './delete-settings.ts';
import { listNotifications } from './list.ts';
import { limitQuerySchema, notificationListSchema, statusBodySchema } from './schemas.ts';
import { updateInstallationStatus } from './update-installation-status.ts';
import { updateRopeStatus } from './update-rope-status.ts';
import { updateSettings } from './update-settings.ts';

const tags = ['notifications'];
const statusAnswer = { 200: z.object({ notificationStatus: notificationStatusSchema }) };

export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/installations/:id/notification-status',
      { schema: { tags, params: idParamsSchema, body: statusBodySchema, response: statusAnswer } },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_WRITE');
        const input = request.body.notificationStatus;
        return { notificationStatus: await updateInstallationStatus({ ctx, actor, id: request.params.id, input }) };
      },
    );

    app.put(
      '/ropes/:id/notification-status',
      { schema: { tags, params: idParamsSchema, body: statusBodySchema, response: statusAnswer } },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_WRITE');
        const input = request.body.notificationStatus;
        return { notificationStatus: await updateRopeStatus({ ctx, actor, id: request.params.id, input }) };
      },
    );

    app.patch(
      '/installations/:id/notification-setting',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: z.object({ notificationSettings: notificationSettingsPatchSchema }),
          response: { 200: z.object({ notificationSettings: notificationSettingsSchema }) },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'AREA_PARTIAL_EDIT');
        const { installation } = await findInstallation(ctx, actor, request.params.id);
        const current = notificationSettingsSchema.parse(installation.notificationSettings ?? {});
        const { value, changed } = applyPatch({
          entity: 'notificationSettings',
          current,
          patch: request.body.notificationSettings,
          schema: notificationSettingsBodySchema,
        });
        if (changed.length === 0 && installation.notificationSettings) return { notificationSettings: current };
        return { notificationSettings: await updateSettings({ ctx, actor, id: request.params.id, input: value }) };
      },
    );

    app.delete(
      '/installations/:id/notification-setting',
      { schema: { tags, params: idParamsSchema } },
      async (request, reply) => {
        const actor = requirePermission(request, 'AREA_PARTIAL_EDIT');
        await deleteSettings({ ctx, actor, id: request.params.id });
        return reply.status(204).send();
      },
    );

    app.get(
      '/installations/:id/notifications',
      {
        schema: {
          tags,
          params: idParamsSchema,
          querystring: limitQuerySchema,
          response: { 200: notificationListSchema },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const { installation } = await findInstallation(ctx, actor, request.params.id);
        const where = eq(installations.id, installation.id);
        return { notifications: await listNotifications({ ctx, where, limit: request.query.limit }) };
      },
    );

    app.get(
      '/notifications',
      { schema: { tags, querystring: limitQuerySchema, response: { 200: notificationListSchema } } },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        return {
          notifications: await listNotifications({ ctx, where: areaVisibleTo(actor), limit: request.query.limit }),
        };
      },
    );
  };
}
