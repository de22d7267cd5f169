import { idParamsSchema } from '@rope/domain/common';
import {
  webhookDeliveryAnswerSchema,
  webhookDeliveryListAnswerSchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryParamsSchema,
  webhookEndpointAnswerSchema,
  webhookEndpointCreateSchema,
  webhookEndpointListAnswerSchema,
  webhookEndpointPatchSchema,
  webhookEndpointWithSecretAnswerSchema,
  webhookListQuerySchema,
} from '@rope/domain/webhooks/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { getWebhookDelivery, listWebhookDeliveries, resendWebhookDelivery, sendWebhookTest } from './deliveries.ts';
import {
  createWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  removeWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './endpoints.ts';

/** Webhook endpoints of a mandator and their deliveries (admins and client admins, docs/webhooks.md). */
export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['webhooks'];
    app.get(
      '/webhooks',
      {
        schema: {
          tags,
          operationId: 'listWebhookEndpoints',
          summary: "The webhook endpoints of the mandators one sees, or of one mandator's",
          querystring: webhookListQuerySchema,
          response: { 200: webhookEndpointListAnswerSchema },
        },
      },
      (request) => listWebhookEndpoints({ ctx, actor: requireActor(request), input: request.query, request }),
    );
    app.post(
      '/webhooks',
      {
        config: { errors: ['RULE_VIOLATION'] },
        schema: {
          tags,
          operationId: 'createWebhookEndpoint',
          summary: 'Register a webhook endpoint for a mandator; its signing secret is answered this once',
          body: z.object({ endpoint: webhookEndpointCreateSchema }),
          response: { 200: webhookEndpointWithSecretAnswerSchema },
        },
      },
      (request) => createWebhookEndpoint({ ctx, actor: requireActor(request), input: request.body, request }),
    );
    app.get(
      '/webhooks/:id',
      {
        schema: {
          tags,
          operationId: 'getWebhookEndpoint',
          summary: 'A webhook endpoint',
          params: idParamsSchema,
          response: { 200: webhookEndpointAnswerSchema },
        },
      },
      (request) => getWebhookEndpoint({ ctx, actor: requireActor(request), input: request.params, request }),
    );
    app.patch(
      '/webhooks/:id',
      {
        schema: {
          tags,
          operationId: 'updateWebhookEndpoint',
          summary: 'Change, disable or enable a webhook endpoint; enabled again, it sends what waited, in order',
          params: idParamsSchema,
          body: z.object({ endpoint: webhookEndpointPatchSchema.extend({ mandatorId: z.number().int().optional() }) }),
          response: { 200: webhookEndpointAnswerSchema },
        },
      },
      (request) =>
        updateWebhookEndpoint({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, endpoint: request.body.endpoint },
          request,
        }),
    );
    app.delete(
      '/webhooks/:id',
      {
        schema: {
          tags,
          operationId: 'deleteWebhookEndpoint',
          summary: 'Delete a webhook endpoint with its deliveries',
          params: idParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeWebhookEndpoint({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/webhooks/:id/rotate-secret',
      {
        schema: {
          tags,
          operationId: 'rotateWebhookSecret',
          summary: 'A new signing secret, answered this once; the old one signs beside it for a day',
          params: idParamsSchema,
          response: { 200: webhookEndpointWithSecretAnswerSchema },
        },
      },
      (request) => rotateWebhookSecret({ ctx, actor: requireActor(request), input: request.params, request }),
    );
    app.post(
      '/webhooks/:id/test',
      {
        schema: {
          tags,
          operationId: 'sendWebhookTest',
          summary: 'Queue a webhook.test message to the endpoint, behind its other deliveries',
          params: idParamsSchema,
          response: { 200: webhookDeliveryAnswerSchema },
        },
      },
      (request) => sendWebhookTest({ ctx, actor: requireActor(request), input: request.params, request }),
    );
    app.get(
      '/webhooks/:id/deliveries',
      {
        schema: {
          tags,
          operationId: 'listWebhookDeliveries',
          summary: "A webhook endpoint's deliveries, newest first, a page at a time",
          params: idParamsSchema,
          querystring: webhookDeliveryListQuerySchema,
          response: { 200: webhookDeliveryListAnswerSchema },
        },
      },
      (request) =>
        listWebhookDeliveries({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, ...request.query },
          request,
        }),
    );
    app.get(
      '/webhooks/:id/deliveries/:deliveryId',
      {
        schema: {
          tags,
          operationId: 'getWebhookDelivery',
          summary: 'A webhook delivery: the body it sends and every attempt with its answer',
          params: webhookDeliveryParamsSchema,
          response: { 200: webhookDeliveryAnswerSchema },
        },
      },
      (request) => getWebhookDelivery({ ctx, actor: requireActor(request), input: request.params, request }),
    );
    app.post(
      '/webhooks/:id/deliveries/:deliveryId/resend',
      {
        schema: {
          tags,
          operationId: 'resendWebhookDelivery',
          summary: 'Send a delivery once more, now, under its message id, and answer how it went',
          params: webhookDeliveryParamsSchema,
          response: { 200: webhookDeliveryAnswerSchema },
        },
      },
      (request) => resendWebhookDelivery({ ctx, actor: requireActor(request), input: request.params, request }),
    );
  };
}
