import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * An upload's body is read part by part, never validated as a whole, so its route has no body schema: the document
 * still names what it takes (multipart/form-data with files), for integrators and for the hostile-files battery.
 */
function describeUploads(input: TransformInput) {
  const output = jsonSchemaTransform(input);
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  const schema = output.schema as Record<string, unknown>;
  if (consumes.includes('multipart/form-data') && !schema.body) {
    schema.body = {
      type: 'object',
      properties: { file: { type: 'string', format: 'binary', description: 'one part per file' } },
    };
  }
  return output;
}

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
    transform: describeUploads,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/doc',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
