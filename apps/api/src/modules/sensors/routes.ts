import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import { ropeDeviceStatesAnswerSchema } from '@rope/domain/sensors/device-state-views';
import {
  plainIngestBody,
  sensorAggregatesQuerySchema,
  sensorDeviceListQuerySchema,
  sensorIngestAnswerSchema,
  sensorIngestBodySchema,
  sensorMeasurementsQuerySchema,
} from '@rope/domain/sensors/ingest';
import { sensorDeviceCreateBodySchema, sensorDevicePatchBodySchema } from '@rope/domain/sensors/schemas';
import {
  ropeSensorDevicesAnswerSchema,
  sensorAggregatesAnswerSchema,
  sensorDeviceAnswerSchema,
  sensorDeviceListAnswerSchema,
  sensorMeasurementColumnsAnswerSchema,
  sensorMeasurementsAnswerSchema,
} from '@rope/domain/sensors/views';
import type { FastifySchemaCompiler } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { plainJsonSerializer } from '../../http/answers.ts';
import { requireActor } from '../../http/guards.ts';
import { registerDeviceAdminRoutes } from '../devices/index.ts';
import { documentedExample } from '../request-examples.ts';
import { sensorAggregates } from './aggregates.ts';
import { createSensorDevice } from './create.ts';
import { listRopeDeviceStates } from './device-states.ts';
import { getSensorDevice } from './get.ts';
import { ingestSensorReadings } from './ingest.ts';
import { listRopeSensorDevices, listSensorDevices } from './list.ts';
import { sensorMeasurements } from './measurements.ts';
import { updateSensorDevice } from './update.ts';

/** A batch of 100,000 readings is about 7 MB of JSON. */
const INGEST_BODY_LIMIT = 16 * 1024 * 1024;

/** A batch of plainly valid rows is checked by hand; anything else by the schema, which names the bad row. */
function ingestValidatorCompiler<S>(route: Parameters<FastifySchemaCompiler<S>>[0]) {
  const bySchema = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'body') return bySchema;
  return (data: unknown) => {
    const plain = plainIngestBody(data);
    return plain ? { value: plain } : bySchema(data);
  };
}

export function sensorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sensors'];
    registerDeviceAdminRoutes(app, ctx, {
      path: '/sensor-devices',
      tags,
      key: 'sensorDevice',
      summaries: {
        list: 'Sensor devices, 25 a page by name (admins)',
        create: 'Register a sensor device with its sensors (admins)',
        get: 'One sensor device (admins)',
        update: 'Change a sensor device: any part as GET answers it (admins)',
      },
      operationIds: {
        list: 'listSensorDevices',
        create: 'createSensorDevice',
        get: 'getSensorDevice',
        update: 'updateSensorDevice',
      },
      schemas: {
        listQuery: sensorDeviceListQuerySchema,
        create: sensorDeviceCreateBodySchema,
        patch: sensorDevicePatchBodySchema,
        answer: sensorDeviceAnswerSchema,
        listAnswer: sensorDeviceListAnswerSchema,
      },
      verbs: { list: listSensorDevices, create: createSensorDevice, get: getSensorDevice, update: updateSensorDevice },
    });
    app.post(
      '/sensor-devices/:id/measurements',
      {
        bodyLimit: INGEST_BODY_LIMIT,
        validatorCompiler: ingestValidatorCompiler,
        schema: {
          tags,
          operationId: 'ingestSensorReadings',
          summary: 'Deliver readings of the device in bulk (import API keys)',
          description:
            'All or nothing: a bad row refuses the batch and names the row (measurements.N.field). Idempotent on sensor and timestamp: a reading sent again changes nothing and is counted as a duplicate.',
          params: idParamsSchema,
          body: sensorIngestBodySchema.meta(documentedExample('POST /api/sensor-devices/{id}/measurements')),
          response: { 200: sensorIngestAnswerSchema },
        },
      },
      (request) =>
        ingestSensorReadings({
          ctx,
          actor: requireActor(request),
          input: { deviceId: request.params.id, measurements: request.body.measurements },
        }),
    );
    app.get(
      '/ropes/device-states',
      {
        schema: {
          tags,
          operationId: 'listRopeDeviceStates',
          summary: 'Per rope with a device: TRUscan figures, sensors with their newest reading, open smartrope events',
          querystring: z.object({ showAsUser: idTextSchema.optional() }),
          response: { 200: ropeDeviceStatesAnswerSchema },
        },
      },
      (request) =>
        listRopeDeviceStates({
          ctx,
          actor: requireActor(request),
          input: { showAsUser: request.query.showAsUser },
          request,
        }),
    );
    app.get(
      '/ropes/:id/sensor-devices',
      {
        schema: {
          tags,
          operationId: 'listRopeSensorDevices',
          summary: 'The sensor devices on a rope with their sensors',
          params: idParamsSchema,
          response: { 200: ropeSensorDevicesAnswerSchema },
        },
      },
      (request) => listRopeSensorDevices({ ctx, actor: requireActor(request), input: { ropeId: request.params.id } }),
    );
    app.get(
      '/sensors/:id/measurements-aggregates',
      {
        serializerCompiler: plainJsonSerializer,
        schema: {
          tags,
          operationId: 'getSensorMeasurementAggregates',
          summary: 'A range of a sensor in at most `buckets` buckets (count, min, max, mean) and its trend',
          params: idParamsSchema,
          querystring: sensorAggregatesQuerySchema,
          response: { 200: sensorAggregatesAnswerSchema },
        },
      },
      (request) =>
        sensorAggregates({ ctx, actor: requireActor(request), input: { id: request.params.id, ...request.query } }),
    );
    app.get(
      '/sensors/:id/measurements',
      {
        schema: {
          tags,
          operationId: 'listSensorMeasurements',
          summary: 'The raw readings of a sensor in a range, oldest first',
          params: idParamsSchema,
          querystring: sensorMeasurementsQuerySchema,
          response: { 200: z.union([sensorMeasurementsAnswerSchema, sensorMeasurementColumnsAnswerSchema]) },
        },
      },
      (request) =>
        sensorMeasurements({ ctx, actor: requireActor(request), input: { id: request.params.id, ...request.query } }),
    );
  };
}
