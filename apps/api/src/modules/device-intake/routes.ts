import { idParamsSchema } from '@rope/domain/common';
import { brokerAccessAnswerSchema, brokerCredentialsAnswerSchema } from '@rope/domain/device-intake/broker';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import type { BrokerDevice } from '../devices/index.ts';
import { getBrokerAccess, renewBrokerCredentials, revokeBrokerCredentials } from './broker-access.ts';

/** Each kind's operationIds in the API documentation, unique over the whole API. */
interface BrokerOperationIds {
  get: string;
  renew: string;
  revoke: string;
}

const PATHS: {
  kind: BrokerDevice['kind'];
  path: string;
  tag: string;
  what: string;
  operationIds: BrokerOperationIds;
}[] = [
  {
    kind: 'sensorDevice',
    path: '/sensor-devices/:id/broker-credentials',
    tag: 'sensors',
    what: 'sensor device',
    operationIds: {
      get: 'getSensorDeviceBrokerCredentials',
      renew: 'renewSensorDeviceBrokerCredentials',
      revoke: 'revokeSensorDeviceBrokerCredentials',
    },
  },
  {
    kind: 'smartrope',
    path: '/smartropes/:id/broker-credentials',
    tag: 'smartropes',
    what: 'smartrope',
    operationIds: {
      get: 'getSmartropeBrokerCredentials',
      renew: 'renewSmartropeBrokerCredentials',
      revoke: 'revokeSmartropeBrokerCredentials',
    },
  },
];

/** Each device's own client on the MQTT broker (dynamic security): its state, new credentials, revoking them. */
export function brokerCredentialRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const { kind, path, tag, what, operationIds } of PATHS) {
      const tags = [tag];
      app.get(
        path,
        {
          schema: {
            tags,
            operationId: operationIds.get,
            summary: `The ${what}'s client on the MQTT broker, never its password (admins)`,
            params: idParamsSchema,
            response: { 200: brokerAccessAnswerSchema },
          },
        },
        (request) => getBrokerAccess({ ctx, actor: requireActor(request), input: { kind, id: request.params.id } }),
      );
      app.post(
        path,
        {
          config: { errors: ['CONFLICT'] },
          schema: {
            tags,
            operationId: operationIds.renew,
            summary: `New MQTT credentials for the ${what}: the password is answered this once (admins)`,
            description:
              'Creates the broker client and its role (publish only to its own topics, subscribe only to its command topic) or gives the existing client a new password, enabling it again. 409 when the cockpit administers no broker (devices use the HTTP import), 503 when the broker lacks the dynamic security plugin.',
            params: idParamsSchema,
            response: { 200: brokerCredentialsAnswerSchema },
          },
        },
        (request) =>
          renewBrokerCredentials({
            ctx,
            actor: requireActor(request),
            input: { kind, id: request.params.id },
            request,
          }),
      );
      app.delete(
        path,
        {
          config: { errors: ['CONFLICT'] },
          schema: {
            tags,
            response: { 204: z.null() },
            operationId: operationIds.revoke,
            summary: `Revoke the ${what}'s MQTT credentials: its broker client is disabled (admins)`,
            params: idParamsSchema,
          },
        },
        async (request, reply) => {
          await revokeBrokerCredentials({
            ctx,
            actor: requireActor(request),
            input: { kind, id: request.params.id },
            request,
          });
          return reply.status(204).send(null);
        },
      );
    }
  };
}
