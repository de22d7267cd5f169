import { decimalTextSchema, idParamsSchema, idTextSchema, integerTextSchema } from '@rope/domain/common';
import { ropeEventBodySchema, ropeEventPatchSchema } from '@rope/domain/event-forms';
import { eventHistoryAnswerSchema, placedEventListSchema, ropeEventListSchema } from '@rope/domain/views/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { requireAnyPermission, requirePermission } from '../../http/guards.ts';
import { findRope, viewerFor } from '../hierarchy/scope.ts';
import { findEvent } from './find-event.ts';
import { listEventHistory } from './history.ts';
import { IMPORT_XML_MAX_BYTES } from './import-xml.ts';
import { createInspectionXmlReader } from './import-xml-pool.ts';
import { listLatestEvents, listRopeEvents } from './list.ts';
import { createEvent, deleteEvent, updateEvent } from './save.ts';
import { ropeEventViewSchema, toEventView } from './view.ts';

const ropeEventsQuery = z.object({
  archived: z.enum(['0', '1']).optional(),
  page: integerTextSchema(1, 1_000_000).default(1),
  pageSize: integerTextSchema(0, 1000).default(0),
  search: z.string().trim().max(200).optional(),
  positionFrom: decimalTextSchema.optional(),
  positionTo: decimalTextSchema.optional(),
  damageFilter: z.enum(['manual', 'mrt']).optional(),
  showAsUser: idTextSchema.optional(),
});
const limitQuery = z.object({ limit: integerTextSchema(1, 100).default(10) });

export function eventRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const readInspectionXml = createInspectionXmlReader();
    app.addHook('onClose', () => readInspectionXml.close());
    app.addContentTypeParser(
      ['application/xml', 'text/xml'],
      { parseAs: 'string', bodyLimit: IMPORT_XML_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.post(
      '/events',
      {
        schema: {
          tags: ['events'],
          body: z.object({ ropeEvent: ropeEventBodySchema }),
          response: { 200: z.object({ ropeEvent: z.object({ id: z.number() }), ropeChanged: z.boolean() }) },
        },
      },
      async (request) => {
        // Import accounts deliver inspections as events; people and internal accounts record them.
        const actor = requireAnyPermission(request, ['DOMAIN_WRITE', 'DATA_IMPORT']);
        const { id, ropeChanged } = await createEvent({ ctx, actor, input: request.body.ropeEvent });
        return { ropeEvent: { id }, ropeChanged };
      },
    );

    app.patch(
      '/events/:id',
      {
        schema: {
          tags: ['events'],
          params: idParamsSchema,
          body: z.object({ ropeEvent: ropeEventPatchSchema }),
          response: { 200: z.object({ ropeChanged: z.boolean() }) },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_WRITE');
        return updateEvent({ ctx, actor, id: request.params.id, input: request.body.ropeEvent });
      },
    );

    app.delete('/events/:id', { schema: { tags: ['events'], params: idParamsSchema } }, async (request, reply) => {
      const actor = requirePermission(request, 'AREA_PARTIAL_EDIT');
      await deleteEvent({ ctx, actor, id: request.params.id });
      return reply.status(204).send();
    });

    app.get(
      '/events/:id',
      {
        schema: {
          tags: ['events'],
          params: idParamsSchema,
          response: { 200: z.object({ ropeEvent: ropeEventViewSchema }) },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const { event, documentCount } = await findEvent(ctx, actor, request.params.id);
        return { ropeEvent: toEventView(event, documentCount) };
      },
    );

    app.get(
      '/events/:id/history',
      {
        schema: {
          tags: ['events'],
          params: idParamsSchema,
          response: { 200: eventHistoryAnswerSchema },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        await findEvent(ctx, actor, request.params.id);
        return { history: await listEventHistory({ ctx, eventId: request.params.id }) };
      },
    );

    app.get(
      '/events',
      {
        schema: {
          tags: ['events'],
          querystring: limitQuery,
          response: { 200: placedEventListSchema },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        return { ropeEvents: await listLatestEvents({ ctx, viewer: actor, limit: request.query.limit }) };
      },
    );

    app.get(
      '/ropes/:id/events',
      {
        schema: {
          tags: ['events'],
          params: idParamsSchema,
          querystring: ropeEventsQuery,
          response: { 200: ropeEventListSchema },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        const { rope } = await findRope(ctx, viewer, request.params.id);
        return listRopeEvents({
          ctx,
          ropeId: rope.id,
          query: { ...request.query, archived: request.query.archived === '1' },
        });
      },
    );

    app.post(
      '/events/import/parse',
      {
        schema: {
          tags: ['events'],
          consumes: ['application/xml', 'text/xml'],
          body: z.string().max(IMPORT_XML_MAX_BYTES),
        },
      },
      async (request, reply) => {
        requireAnyPermission(request, ['DOMAIN_WRITE', 'DATA_IMPORT']);
        if (typeof request.body !== 'string' || request.body.trim() === '') {
          throw new AppError('VALIDATION', 'Send the inspection file as an XML body');
        }
        return reply.type('application/json; charset=utf-8').send(await readInspectionXml(request.body, request.log));
      },
    );
  };
}
