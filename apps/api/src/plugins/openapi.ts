import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_CONTRACT_VERSION, API_V1_DOCUMENT, versionedDocument } from '../http/api-version.ts';
import { keepUsedComponents } from './openapi-components.ts';
import { REFUSAL_EXAMPLE_COMPONENTS } from './openapi-examples.ts';
import { describeOperation } from './openapi-operation.ts';
import { describeWebhooks } from './openapi-webhooks.ts';

/** The document as a whole: the named schemas the operations use, and nothing else. */
const describeDocument: typeof jsonSchemaTransformObject = (input) =>
  keepUsedComponents({
    ...(jsonSchemaTransformObject(input) as Record<string, unknown>),
    webhooks: describeWebhooks(),
  }) as ReturnType<typeof jsonSchemaTransformObject>;

const uiFile = (name: string) => readFileSync(new URL(`./openapi-ui/${name}`, import.meta.url), 'utf8');

/**
 * The documentation page's own policy, as strict as the app's: scripts and styles only from this origin (swagger-ui
 * sets its inline styles through the DOM, which style-src does not govern), no other hosts.
 */
const DOC_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
].join('; ');

/**
 * swagger-ui calls what it is given as a plugin; the plugins themselves are in accessibility.js and
 * operation-alone.js, served with the page. Functions built from their source text, because swagger-ui's initializer
 * is written out as source.
 */
const pagePlugin = (name: string) =>
  new Function('system', `return window.${name}(system);`) as (system: unknown) => object;

/** OpenAPI 3.1 generated from the zod route schemas: UI at /api/doc, raw document at /api/doc/json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rope Cockpit API',
        description:
          'Areas, installations, ropes, rope events, tasks, notifications, documents, sensors and smartropes; ' +
          'webhooks signed as Standard Webhooks says. ' +
          'People sign in with a session cookie; API accounts send `Authorization: Bearer <key>`.',
        // The contract's own version, not the cockpit's: it changes when the contract does (docs/api.md).
        version: API_CONTRACT_VERSION,
      },
      // The cockpit's own origin: the document is served by the API it describes.
      servers: [{ url: '/', description: 'This cockpit' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'rc_session' },
          apiKey: { type: 'http', scheme: 'bearer' },
        },
        examples: REFUSAL_EXAMPLE_COMPONENTS,
      },
    },
    transform: describeOperation,
    transformObject: describeDocument,
  });
  app.get(API_V1_DOCUMENT, { schema: { hide: true }, config: { access: 'public' } }, () =>
    versionedDocument(app.swagger()),
  );
  // The documentation is for anyone, like the routes it names: its routes come from swagger-ui, so they are declared
  // public here, as they are registered.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/doc',
      staticCSP: DOC_CSP,
      theme: {
        title: 'Rope Cockpit API',
        css: [{ filename: 'accessibility.css', content: uiFile('accessibility.css') }],
        js: [
          { filename: 'accessibility.js', content: uiFile('accessibility.js') },
          { filename: 'operation-alone.js', content: uiFile('operation-alone.js') },
        ],
      },
      uiConfig: {
        docExpansion: 'list',
        // Without the top bar: its logo (an SVG with an inline <style> the CSP refuses, and no text), its address field
        // (no label) and its Explore button (3.2:1) are for browsing other APIs' documents.
        layout: 'BaseLayout',
        // A deep link puts an <a> inside each operation's toggle <button>: interactive content nested in interactive
        // content, and a 19 px high target.
        deepLinking: false,
        // The highlighter's palette (red numbers on dark grey, 3.5:1) is written into style attributes; plain code is
        // white on dark grey.
        syntaxHighlight: false,
        plugins: [pagePlugin('RopeDocAccessibility'), pagePlugin('RopeDocOperationAlone')],
      },
    });
  });
}
