import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import { notificationSettingsPatchSchema } from '@rope/domain/notifications/rules';
import { notificationSettingsSchema, notificationStatusSchema } from '@rope/domain/notifications/schemas';
import { smartropeThresholdStateAnswerSchema } from '@rope/domain/notifications/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { listNotifications } from './list.ts';
import { deleteSettings } from './remove-settings.ts';
import { limitQuerySchema, notificationListSchema, statusBodySchema } from './schemas.ts';
import { smartropeThresholdState } from './smartrope-threshold-state.ts';
import { updateInstallationStatus } from './update-installation-status.ts';
import { updateRopeStatus } from './update-rope-status.ts';
import { updateSettings } from './update-settings.ts';

const tags = ['notifications'];
const statusAnswer = { 200: z.object({ notificationStatus: notificationStatusSchema }) };

export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/installations/:id/notification-status',
      {
        schema: {
          tags,
          operationId: 'setInstallationNotificationStatus',
          summary: "Mute or unmute the installation's notification rules",
          params: idParamsSchema,
          body: statusBodySchema,
          response: statusAnswer,
        },
      },
      (request) =>
        updateInstallationStatus({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, notificationStatus: request.body.notificationStatus },
          request,
        }),
    );

    app.put(
      '/ropes/:id/notification-status',
      {
        schema: {
          tags,
          operationId: 'setRopeNotificationStatus',
          summary: 'Mute or unmute notification rules for one rope',
          params: idParamsSchema,
          body: statusBodySchema,
          response: statusAnswer,
        },
      },
      (request) =>
        updateRopeStatus({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, notificationStatus: request.body.notificationStatus },
          request,
        }),
    );

    app.patch(
      '/installations/:id/notification-setting',
      {
        schema: {
          tags,
          operationId: 'updateInstallationNotificationSettings',
          summary: "Change an installation's notification rules and recipients, merged into the stored ones",
          params: idParamsSchema,
          body: z.object({ notificationSettings: notificationSettingsPatchSchema }),
          response: { 200: z.object({ notificationSettings: notificationSettingsSchema }) },
        },
      },
      (request) =>
        updateSettings({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, patch: request.body.notificationSettings },
          request,
        }),
    );

    app.delete(
      '/installations/:id/notification-setting',
      {
        schema: {
          tags,
          response: { 204: z.null() },
          operationId: 'deleteInstallationNotificationSettings',
          summary: "Delete an installation's notification rules and recipients; past notifications stay",
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        await deleteSettings({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/installations/:id/smartrope-threshold-state',
      {
        schema: {
          tags,
          operationId: 'getInstallationSmartropeThresholdState',
          summary: 'The smartropeThreshold rule per rope (armed, last value) and its last trigger with the device',
          params: idParamsSchema,
          querystring: z.object({ rope: idTextSchema.optional() }),
          response: { 200: smartropeThresholdStateAnswerSchema },
        },
      },
      (request) =>
        smartropeThresholdState({
          ctx,
          actor: requireActor(request),
          input: { installationId: request.params.id, ropeId: request.query.rope },
          request,
        }),
    );

    app.get(
      '/installations/:id/notifications',
      {
        schema: {
          tags,
          operationId: 'listInstallationNotifications',
          summary: "The newest notifications of an installation, worded in the caller's language",
          params: idParamsSchema,
          querystring: limitQuerySchema,
          response: { 200: notificationListSchema },
        },
      },
      (request) =>
        listNotifications({
          ctx,
          actor: requireActor(request),
          input: { limit: request.query.limit, installationId: request.params.id },
          request,
        }),
    );

    app.get(
      '/notifications',
      {
        schema: {
          tags,
          operationId: 'listNotifications',
          summary: "The newest notifications of everything the caller sees, worded in the caller's language",
          querystring: limitQuerySchema,
          response: { 200: notificationListSchema },
        },
      },
      (request) =>
        listNotifications({ ctx, actor: requireActor(request), input: { limit: request.query.limit }, request }),
    );
  };
}
