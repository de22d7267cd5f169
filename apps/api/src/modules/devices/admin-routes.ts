import { idParamsSchema } from '@rope/domain/common';
import { brokerOnCreateSchema } from '@rope/domain/device-intake/broker';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';

type Verb<Input> = (args: ActionArgs<Input>) => Promise<Record<string, unknown>>;
type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A kind of device an admin registers and keeps (sensor devices, smartropes): its list, its registration (with the
 * broker client's one-time password), one device and its change, each under `path` with the body under `key`.
 */
export interface DeviceAdminRoutes<Key extends string, ListQuery, Body, Patch> {
  /** `/sensor-devices`, `/smartropes`. */
  path: string;
  tags: string[];
  /** The body's one key (`{ smartrope: {...} }`), as the answers name the device. */
  key: Key;
  /** What each route does, in the API documentation. */
  summaries: { list: string; create: string; get: string; update: string };
  /** Each route's operationId in the API documentation, unique over the whole API: `listSmartropes`, ... */
  operationIds: { list: string; create: string; get: string; update: string };
  schemas: {
    listQuery: z.ZodType<ListQuery>;
    create: z.ZodType<Record<Key, Body>>;
    patch: z.ZodType<Record<Key, Patch>>;
    answer: z.ZodObject;
    listAnswer: z.ZodType;
  };
  verbs: {
    list: Verb<ListQuery>;
    create: Verb<Body>;
    get: Verb<{ id: number }>;
    update: Verb<{ id: number; patch: Patch }>;
  };
}

/**
 * The four admin routes of a kind of device, in one shape for every kind. Fastify's types cannot follow a generic
 * schema to the request (`UndefinedToUnknown<T>`), so the parsed query and body are named by the schemas' types.
 */
export function registerDeviceAdminRoutes<Key extends string, ListQuery, Body, Patch>(
  app: App,
  ctx: AppContext,
  { path, tags, key, summaries, operationIds, schemas, verbs }: DeviceAdminRoutes<Key, ListQuery, Body, Patch>,
) {
  app.get(
    path,
    {
      schema: {
        tags,
        operationId: operationIds.list,
        summary: summaries.list,
        querystring: schemas.listQuery,
        response: { 200: schemas.listAnswer },
      },
    },
    (request) => verbs.list({ ctx, actor: requireActor(request), input: request.query as ListQuery }),
  );
  app.post(
    path,
    {
      config: { errors: ['CONFLICT'] },
      schema: {
        tags,
        operationId: operationIds.create,
        summary: summaries.create,
        body: schemas.create,
        response: { 200: schemas.answer.extend(brokerOnCreateSchema.shape) },
      },
    },
    (request) =>
      verbs.create({
        ctx,
        actor: requireActor(request),
        input: (request.body as Record<Key, Body>)[key],
        request,
      }),
  );
  app.get(
    `${path}/:id`,
    {
      schema: {
        tags,
        operationId: operationIds.get,
        summary: summaries.get,
        params: idParamsSchema,
        response: { 200: schemas.answer },
      },
    },
    (request) => verbs.get({ ctx, actor: requireActor(request), input: request.params }),
  );
  app.patch(
    `${path}/:id`,
    {
      config: { errors: ['CONFLICT'] },
      schema: {
        tags,
        operationId: operationIds.update,
        summary: summaries.update,
        params: idParamsSchema,
        body: schemas.patch,
        response: { 200: schemas.answer },
      },
    },
    (request) =>
      verbs.update({
        ctx,
        actor: requireActor(request),
        input: { id: request.params.id, patch: (request.body as Record<Key, Patch>)[key] },
        request,
      }),
  );
}
