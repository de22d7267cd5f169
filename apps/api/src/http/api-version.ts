import type { IncomingMessage } from 'node:http';

/**
 * The path integrators build on: `/api/v1/...` answers exactly as `/api/...` does today, and keeps answering so
 * while a later version comes beside it (docs/api.md: versions and deprecation). The web client calls `/api/...`.
 */
export const API_V1 = '/api/v1/';
/**
 * The version of the contract `/api/v1/` keeps, in the document's `info.version`: the minor number grows with each
 * addition; a break is a new major version at a path of its own. `apps/api/openapi/v1.json` is the document as last
 * released, which the contract test holds the current one to.
 */
export const API_CONTRACT_VERSION = '1.3.4';
/** The document of version 1, its paths under /api/v1/; served at /api/v1/doc/json. */
export const API_V1_DOCUMENT = '/api/doc/v1.json';

/** Fastify's `rewriteUrl`: a versioned path to the route that answers it. */
export function rewriteVersionedUrl(request: IncomingMessage): string {
  const url = request.url ?? '/';
  if (!url.startsWith(API_V1)) return url;
  if (url === `${API_V1}doc/json` || url.startsWith(`${API_V1}doc/json?`)) return API_V1_DOCUMENT;
  return `/api/${url.slice(API_V1.length)}`;
}

/** The OpenAPI document with its paths under /api/v1/: what an integrator generates a client from. */
export function versionedDocument<T extends { paths?: Record<string, unknown> }>(document: T): T {
  const paths = Object.entries(document.paths ?? {}).map(([path, item]) => [path.replace(/^\/api\//, API_V1), item]);
  return { ...document, paths: Object.fromEntries(paths) };
}
