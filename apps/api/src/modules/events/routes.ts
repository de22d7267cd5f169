import { decimalTextSchema, idParamsSchema, idTextSchema, integerTextSchema } from '@rope/domain/common';
import { ropeEventBodySchema, ropeEventPatchSchema } from '@rope/domain/events/forms';
import {
  EVENT_SEARCH_MAX_LENGTH,
  eventHistoryAnswerSchema,
  LATEST_EVENTS_DEFAULT_LIMIT,
  LATEST_EVENTS_MAX_LIMIT,
  placedEventListSchema,
  ropeEventListSchema,
} from '@rope/domain/events/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { createEvent } from './create.ts';
import { getEvent } from './get.ts';
import { listEventHistory } from './history.ts';
import { importInspection } from './import-inspection.ts';
import { IMPORT_XML_MAX_BYTES } from './import-xml.ts';

/** An inspection file is at most 5 MiB; no file of that size describes more located damages. */
const INSPECTION_IMPORT_MAX_DAMAGES = 100_000;

import { type ParsedInspection, parsedInspectionSchema } from '@rope/domain/events/views';
import { documentedExample } from '../request-examples.ts';
import { createInspectionXmlReader } from './import-xml-pool.ts';
import { listRopeEvents } from './list.ts';
import { listLatestEvents } from './list-latest.ts';
import { parseInspection } from './parse-inspection.ts';
import { deleteEvent } from './remove.ts';
import { updateEvent } from './update.ts';
import { ropeEventViewSchema } from './view.ts';

const ropeEventsQuery = z.object({
  archived: z.enum(['0', '1']).optional(),
  page: integerTextSchema(1, 1_000_000).default(1),
  pageSize: integerTextSchema(0, 1000).default(0),
  search: z.string().trim().max(EVENT_SEARCH_MAX_LENGTH).optional(),
  positionFrom: decimalTextSchema.optional(),
  positionTo: decimalTextSchema.optional(),
  damageFilter: z.enum(['manual', 'mrt']).optional(),
  showAsUser: idTextSchema.optional(),
});
const limitQuery = z.object({
  limit: integerTextSchema(1, LATEST_EVENTS_MAX_LIMIT).default(LATEST_EVENTS_DEFAULT_LIMIT),
});

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
          operationId: 'createEvent',
          summary: "Record an event on a rope; the rope's damage follows at once",
          body: z.object({ ropeEvent: ropeEventBodySchema }).meta(documentedExample('POST /api/events')),
          response: { 200: z.object({ ropeEvent: z.object({ id: z.number() }), ropeChanged: z.boolean() }) },
        },
      },
      (request) => createEvent({ ctx, actor: requireActor(request), input: request.body.ropeEvent, request }),
    );

    app.patch(
      '/events/:id',
      {
        schema: {
          tags: ['events'],
          operationId: 'updateEvent',
          summary: 'Change an event: any part as GET answers it, or its action status; the damage follows',
          params: idParamsSchema,
          body: z.object({ ropeEvent: ropeEventPatchSchema }).meta(documentedExample('PATCH /api/events/{id}')),
          response: { 200: z.object({ ropeChanged: z.boolean() }) },
        },
      },
      (request) =>
        updateEvent({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, patch: request.body.ropeEvent },
          request,
        }),
    );

    app.delete(
      '/events/:id',
      {
        schema: {
          tags: ['events'],
          response: { 204: z.null() },
          operationId: 'deleteEvent',
          summary: "Delete an event for good (archiving is a PATCH); the rope's damage follows",
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        await deleteEvent({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/events/:id',
      {
        schema: {
          tags: ['events'],
          operationId: 'getEvent',
          summary: 'An event with its document count',
          params: idParamsSchema,
          response: { 200: z.object({ ropeEvent: ropeEventViewSchema }) },
        },
      },
      (request) => getEvent({ ctx, actor: requireActor(request), input: request.params, request }),
    );

    app.get(
      '/events/:id/history',
      {
        schema: {
          tags: ['events'],
          operationId: 'listEventHistory',
          summary: 'Every version of an event, oldest first, with who made it',
          params: idParamsSchema,
          response: { 200: eventHistoryAnswerSchema },
        },
      },
      (request) => listEventHistory({ ctx, actor: requireActor(request), input: request.params, request }),
    );

    app.get(
      '/events',
      {
        schema: {
          tags: ['events'],
          operationId: 'listEvents',
          summary: 'The newest events of the live ropes the caller sees (the dashboard)',
          querystring: limitQuery,
          response: { 200: placedEventListSchema },
        },
      },
      (request) =>
        listLatestEvents({ ctx, actor: requireActor(request), input: { limit: request.query.limit }, request }),
    );

    app.get(
      '/ropes/:id/events',
      {
        schema: {
          tags: ['events'],
          operationId: 'listRopeEvents',
          summary: "A page of a rope's events, newest first, filtered by text, position range and detection",
          params: idParamsSchema,
          querystring: ropeEventsQuery,
          response: { 200: ropeEventListSchema },
        },
      },
      (request) =>
        listRopeEvents({
          ctx,
          actor: requireActor(request),
          input: { ...request.query, ropeId: request.params.id, archived: request.query.archived === '1' },
          request,
        }),
    );

    app.post(
      '/events/import',
      {
        // The JSON of an import's damages outgrows the default limit long before a 5 MiB file's.
        bodyLimit: 32 * 1024 * 1024,
        schema: {
          tags: ['events'],
          operationId: 'importEvents',
          summary: 'Save a reviewed inspection import: the measurement and its damages, all or nothing',
          description:
            'Saves a reviewed inspection import, the measurement and the damages it found, in one transaction: all ' +
            'or nothing (docs/inspection-xml.md).',
          body: z.object({
            ropeEvent: ropeEventBodySchema,
            damages: z.array(ropeEventBodySchema).max(INSPECTION_IMPORT_MAX_DAMAGES).default([]),
          }),
          response: {
            200: z.object({
              ropeEvent: z.object({ id: z.number() }),
              damages: z.array(z.object({ id: z.number() })),
              ropeChanged: z.boolean(),
            }),
          },
        },
      },
      (request) => importInspection({ ctx, actor: requireActor(request), input: request.body, request }),
    );

    app.post(
      '/events/import/parse',
      {
        schema: {
          tags: ['events'],
          response: { 200: parsedInspectionSchema },
          operationId: 'parseEventImport',
          summary: 'Read an inspection XML file into a measurement and its damages to review; stores nothing',
          consumes: ['application/xml', 'text/xml'],
          body: z.string().max(IMPORT_XML_MAX_BYTES),
        },
      },
      async (request, reply) => {
        const json = await parseInspection({
          ctx,
          actor: requireActor(request),
          input: { xml: request.body, read: (xml) => readInspectionXml(xml, request.log) },
          request,
        });
        // The worker's JSON bytes, sent as they are: a Buffer skips the schema's encoding, which only documents them.
        return reply.type('application/json; charset=utf-8').send(json as unknown as ParsedInspection);
      },
    );
  };
}
