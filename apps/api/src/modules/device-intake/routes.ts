import { idParamsSchema } from '@rope/domain/common';
import { brokerAccessAnswerSchema, brokerCredentialsAnswerSchema } from '@rope/domain/device-intake/broker';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { getBrokerAccess, renewBrokerCredentials, revokeBrokerCredentials } from './broker-access.ts';
import type { BrokerDevice } from './broker-clients.ts';

const PATHS: { kind: BrokerDevice['kind']; path: string; tag: string; what: string }[] = [
  { kind: 'sensorDevice', path: '/sensor-devices/:id/broker-credentials', tag: 'sensors', what: 'sensor device' },
  { kind: 'smartrope', path: '/smartropes/:id/broker-credentials', tag: 'smartropes', what: 'smartrope' },
];

/** Each device's own client on the MQTT broker (dynamic security): its state, new credentials, revoking them. */
export function brokerCredentialRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const { kind, path, tag, what } of PATHS) {
      const tags = [tag];
      app.get(
        path,
        {
          schema: {
            tags,
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
          schema: {
            tags,
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
          schema: {
            tags,
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
          return reply.status(204).send();
        },
      );
    }
  };
}
