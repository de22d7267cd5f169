import createClient, { type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.d.ts';

export type { components, Middleware, operations, paths };
/** The one error body of every refusal and failure. */
export type ApiErrorBody = components['schemas']['ApiError'];

/**
 * A client of the cockpit's API, typed by its OpenAPI document: `GET('/api/ropes/{id}', ...)` takes the path's
 * parameters and answers `{ data }` or `{ error }` (an ApiErrorBody) as the document says. The web builds its own on
 * this with its handling of 401 and errors (apps/web/src/lib/typed-api.ts).
 */
export function createCockpitClient(options: ClientOptions = {}) {
  return createClient<paths>(options);
}
export type CockpitClient = ReturnType<typeof createCockpitClient>;
