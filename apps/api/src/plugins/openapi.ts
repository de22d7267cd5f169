import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI 3.1 generated from the zod route schemas: UI at /api/doc, raw document at /api/doc/json. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rope Cockpit API',
        description:
          'Areas, installations, ropes, rope events, tasks, notifications, documents, sensors and smartropes. ' +
          'People sign in with a session cookie; API accounts send `Authorization: Bearer <key>`.',
        version,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'rc_session' },
          apiKey: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/doc',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
