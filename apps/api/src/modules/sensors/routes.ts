import { idParamsSchema } from '@rope/domain/common';
import {
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { sensorAggregates } from './aggregates.ts';
import { createSensorDevice } from './create.ts';
import { getSensorDevice } from './get.ts';
import { ingestSensorReadings } from './ingest.ts';
import { listRopeSensorDevices, listSensorDevices } from './list.ts';
import { sensorMeasurements } from './measurements.ts';
import { updateSensorDevice } from './update.ts';

/** A batch of 100,000 readings is about 7 MB of JSON. */
const INGEST_BODY_LIMIT = 16 * 1024 * 1024;

export function sensorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sensors'];
    app.get(
      '/sensor-devices',
      {
        schema: {
          tags,
          summary: 'Sensor devices, 25 a page by name (admins)',
          querystring: sensorDeviceListQuerySchema,
          response: { 200: sensorDeviceListAnswerSchema },
        },
      },
      (request) => listSensorDevices({ ctx, actor: requireActor(request), input: request.query }),
    );
    app.post(
      '/sensor-devices',
      {
        schema: {
          tags,
          summary: 'Register a sensor device with its sensors (admins)',
          body: sensorDeviceCreateBodySchema,
          response: { 200: sensorDeviceAnswerSchema },
        },
      },
      (request) => createSensorDevice({ ctx, actor: requireActor(request), input: request.body.sensorDevice, request }),
    );
    app.get(
      '/sensor-devices/:id',
      {
        schema: {
          tags,
          summary: 'One sensor device (admins)',
          params: idParamsSchema,
          response: { 200: sensorDeviceAnswerSchema },
        },
      },
      (request) => getSensorDevice({ ctx, actor: requireActor(request), input: request.params }),
    );
    app.patch(
      '/sensor-devices/:id',
      {
        schema: {
          tags,
          summary: 'Change a sensor device: any part as GET answers it (admins)',
          params: idParamsSchema,
          body: sensorDevicePatchBodySchema,
          response: { 200: sensorDeviceAnswerSchema },
        },
      },
      (request) =>
        updateSensorDevice({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, patch: request.body.sensorDevice },
          request,
        }),
    );
    app.post(
      '/sensor-devices/:id/measurements',
      {
        bodyLimit: INGEST_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Deliver readings of the device in bulk (import API keys)',
          description:
            'All or nothing: a bad row refuses the batch and names the row (measurements.N.field). Idempotent on sensor and timestamp: a reading sent again changes nothing and is counted as a duplicate.',
          params: idParamsSchema,
          body: sensorIngestBodySchema,
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
      '/ropes/:id/sensor-devices',
      {
        schema: {
          tags,
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
        schema: {
          tags,
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
