import { idParamsSchema } from '@rope/domain/common';
import {
  smartropeCreateBodySchema,
  smartropeEventIngestBodySchema,
  smartropeEventPatchBodySchema,
  smartropeEventsQuerySchema,
  smartropeListQuerySchema,
  smartropePatchBodySchema,
} from '@rope/domain/smartropes/schemas';
import {
  smartropeAnswerSchema,
  smartropeEventAnswerSchema,
  smartropeEventIngestAnswerSchema,
  smartropeEventListAnswerSchema,
  smartropeListAnswerSchema,
  smartropeMeasurementsAnswerSchema,
} from '@rope/domain/smartropes/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { registerDeviceAdminRoutes } from '../devices/index.ts';
import { createSmartrope } from './create.ts';
import { listSmartropeEventMeasurements, updateSmartropeEvent } from './events.ts';
import { getSmartrope } from './get.ts';
import { ingestSmartropeEvent } from './ingest-event.ts';
import { listRopeSmartropeEvents, listSmartropeEvents, listSmartropes } from './list.ts';
import { updateSmartrope } from './update.ts';

const INGEST_BODY_LIMIT = 16 * 1024 * 1024;

export function smartropeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['smartropes'];
    registerDeviceAdminRoutes(app, ctx, {
      path: '/smartropes',
      tags,
      key: 'smartrope',
      summaries: {
        list: 'Smartropes, 25 a page by name (admins)',
        create: 'Register a smartrope by its fabrication number (admins)',
        get: 'One smartrope (admins)',
        update: 'Change a smartrope: any part as GET answers it (admins)',
      },
      operationIds: {
        list: 'listSmartropes',
        create: 'createSmartrope',
        get: 'getSmartrope',
        update: 'updateSmartrope',
      },
      schemas: {
        listQuery: smartropeListQuerySchema,
        create: smartropeCreateBodySchema,
        patch: smartropePatchBodySchema,
        answer: smartropeAnswerSchema,
        listAnswer: smartropeListAnswerSchema,
      },
      verbs: { list: listSmartropes, create: createSmartrope, get: getSmartrope, update: updateSmartrope },
    });
    app.get(
      '/smartropes/:id/events',
      {
        schema: {
          tags,
          operationId: 'listSmartropeEvents',
          summary: 'The newest events of a smartrope (admins)',
          params: idParamsSchema,
          querystring: smartropeEventsQuerySchema,
          response: { 200: smartropeEventListAnswerSchema },
        },
      },
      (request) =>
        listSmartropeEvents({ ctx, actor: requireActor(request), input: { id: request.params.id, ...request.query } }),
    );
    app.post(
      '/smartropes/:id/events',
      {
        bodyLimit: INGEST_BODY_LIMIT,
        config: { errors: ['CONFLICT'] },
        schema: {
          tags,
          operationId: 'ingestSmartropeEvent',
          summary: 'Deliver a smartrope event with its measurements (import API keys)',
          description:
            'Times in epoch seconds. The event is found again by sensor and time: a repeated delivery changes nothing, a later one adds the measurements not stored yet. Measurements over a smartropeThreshold rule notify once per event.',
          params: idParamsSchema,
          body: smartropeEventIngestBodySchema,
          response: { 200: smartropeEventIngestAnswerSchema },
        },
      },
      (request) =>
        ingestSmartropeEvent({
          ctx,
          actor: requireActor(request),
          input: { smartropeId: request.params.id, event: request.body.event },
        }),
    );
    app.patch(
      '/smartropes/events/:id',
      {
        schema: {
          tags,
          operationId: 'updateSmartropeEvent',
          summary: 'Acknowledge or comment a smartrope event; admins also correct sensor, type and time',
          params: idParamsSchema,
          body: smartropeEventPatchBodySchema,
          response: { 200: smartropeEventAnswerSchema },
        },
      },
      (request) =>
        updateSmartropeEvent({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, patch: request.body.event },
        }),
    );
    app.get(
      '/smartrope-events/:id/measurements',
      {
        schema: {
          tags,
          operationId: 'listSmartropeEventMeasurements',
          summary: 'The measurements of a smartrope event, oldest first',
          params: idParamsSchema,
          response: { 200: smartropeMeasurementsAnswerSchema },
        },
      },
      (request) => listSmartropeEventMeasurements({ ctx, actor: requireActor(request), input: request.params }),
    );
    app.get(
      '/ropes/:id/smartrope-events',
      {
        schema: {
          tags,
          operationId: 'listRopeSmartropeEvents',
          summary: 'The newest events of the smartropes on a rope',
          params: idParamsSchema,
          querystring: smartropeEventsQuerySchema,
          response: { 200: smartropeEventListAnswerSchema },
        },
      },
      (request) =>
        listRopeSmartropeEvents({
          ctx,
          actor: requireActor(request),
          input: { ropeId: request.params.id, ...request.query },
        }),
    );
  };
}
