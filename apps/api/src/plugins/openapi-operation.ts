import { apiErrorSchema, type ErrorCode, HTTP_STATUS_BY_ERROR_CODE } from '@rope/domain/errors';
import {
  IDEMPOTENCY_KEEP_DAYS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
} from '@rope/domain/idempotency/rules';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf, type RouteAccess } from '../http/route-access.ts';
import { refusalExampleName } from './openapi-examples.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown>; consumes?: string[] };

/** What each refusal means to the caller, in the document. */
const ERROR_DESCRIPTIONS: Partial<Record<ErrorCode, string>> = {
  VALIDATION: 'The input is not valid; `fields` names each field at fault',
  UNAUTHENTICATED: 'Not signed in, or the session or API key is not valid',
  FORBIDDEN: 'Signed in, but not allowed to do this',
  NOT_FOUND: 'Not found, or not visible to the caller: a foreign object answers exactly like a missing one',
  NOT_ACCEPTABLE: 'None of the accepted types can be answered',
  CONFLICT:
    'In conflict with the current state (a name or address in use, a device already linked), or a request with the same Idempotency-Key is still running: retry after the seconds `Retry-After` gives',
  PAYLOAD_TOO_LARGE: 'The body or a file is larger than this call takes',
  UNSUPPORTED_MEDIA_TYPE: 'The body or a file is of a type this call does not take',
  RANGE_NOT_SATISFIABLE: 'The requested byte range lies outside the file',
  RULE_VIOLATION:
    'Refused by a rule of the domain, or an Idempotency-Key sent again with another request; the message says which',
  TOO_MANY_REQUESTS:
    'Too many requests (signing in, or calls with one API key): retry after the seconds `Retry-After` gives',
};

/** The security of each kind of route: the schemes of `components.securitySchemes` it takes. */
const SECURITY: Record<RouteAccess, Record<string, string[]>[]> = {
  public: [],
  'signed-in': [{ session: [] }, { apiKey: [] }],
  'session-only': [{ session: [] }],
};

/**
 * The refusals a route can answer: those every route of its kind may give (bad input, not
 * signed in and not allowed unless public, not found where a path or a body names an object, too large and of the
 * wrong type where it takes a body, a domain rule on any change), and those it declares (`config: { errors }`).
 */
export function refusalsOf(
  route: { method: string | string[]; url: string; config?: unknown },
  schema: RouteSchema,
): ErrorCode[] {
  const access = accessOf(route.config as { access?: RouteAccess } | undefined);
  const takesBody = Boolean(schema.body) || (schema.consumes ?? []).includes('multipart/form-data');
  const codes = new Set<ErrorCode>();
  // Any call may be malformed: a query or path that does not decode, a path parameter over the router's length.
  codes.add('VALIDATION');
  if (access !== 'public') {
    codes.add('UNAUTHENTICATED');
    codes.add('FORBIDDEN');
  }
  // Calls with an API key are limited per key (plugins/api-key-limits.ts).
  if (access === 'signed-in') codes.add('TOO_MANY_REQUESTS');
  if (route.url.includes('/:')) codes.add('NOT_FOUND');
  if (takesBody) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  const writes = [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');
  if (writes && access !== 'public') {
    // A body names other objects (a rope, assignees, a mandator), and an archived item is read-only.
    if (takesBody) codes.add('NOT_FOUND');
    codes.add('RULE_VIOLATION');
    // Under an Idempotency-Key (http/idempotency): the first request with the key still running.
    codes.add('CONFLICT');
  }
  for (const code of (route.config as { errors?: ErrorCode[] } | undefined)?.errors ?? []) codes.add(code);
  return [...codes].sort((a, b) => HTTP_STATUS_BY_ERROR_CODE[a] - HTTP_STATUS_BY_ERROR_CODE[b]);
}

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  200: 'Done; the answer',
  201: 'Created; the answer',
  204: 'Done; nothing to answer',
};

/** A success answer given as a bare schema, with a description (the document otherwise says "Default Response"). */
function describedSuccess(status: string, answer: unknown) {
  if (!status.startsWith('2') || !(answer instanceof z.ZodType)) return answer;
  if (answer instanceof z.ZodNull) return answer.describe(SUCCESS_DESCRIPTIONS[status] ?? 'Done');
  return { description: SUCCESS_DESCRIPTIONS[status] ?? 'Done', content: { 'application/json': { schema: answer } } };
}

const refusalAnswer = (code: ErrorCode) => ({
  description: ERROR_DESCRIPTIONS[code] ?? code,
  content: { 'application/json': { schema: apiErrorSchema } },
});

/** The header a signed-in caller names a write with, so that a resend is done once (http/idempotency). */
const idempotencyKeyHeader = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .describe(
      `Names this write: sent again with the same key (by the same person or API user, within ${IDEMPOTENCY_KEEP_DAYS} days), it is done once and the first 2xx answer comes back with \`Idempotent-Replayed: true\`. A refused or failed request gives its key back. A UUID per write is a good key.`,
    ),
});

/**
 * What the zod transform leaves out of a refusal (it keeps only an answer's description and its content's schema):
 * an example of that refusal (one of the document's components), and the headers it comes with.
 */
function describeRefusals(response: Record<string, Record<string, unknown>> | undefined, refusals: ErrorCode[]) {
  for (const code of refusals) {
    const content = response?.[HTTP_STATUS_BY_ERROR_CODE[code]]?.content as
      | Record<string, Record<string, unknown>>
      | undefined;
    const json = content?.['application/json'];
    if (json) json.examples = { [code]: { $ref: `#/components/examples/${refusalExampleName(code)}` } };
  }
  const conflict = response?.[HTTP_STATUS_BY_ERROR_CODE.CONFLICT];
  if (conflict) conflict.headers = { 'retry-after': { type: 'integer', description: 'Seconds to wait, when set' } };
  const tooMany = response?.[HTTP_STATUS_BY_ERROR_CODE.TOO_MANY_REQUESTS];
  if (tooMany) {
    tooMany.headers = {
      'retry-after': { type: 'integer', description: 'Seconds to wait' },
      'x-ratelimit-limit': { type: 'integer', description: 'Calls an API key may make in the window' },
      'x-ratelimit-reset': { type: 'integer', description: 'Seconds until the window starts again' },
    };
  }
}

/**
 * An upload's body is read part by part, never validated as a whole, so its route has no body schema: the document
 * still names what it takes (multipart/form-data with files), for integrators and for the hostile-files battery.
 */
function describeUpload(schema: Record<string, unknown>, consumes: string[]) {
  if (consumes.includes('multipart/form-data') && !schema.body) {
    schema.body = {
      type: 'object',
      properties: { file: { type: 'string', format: 'binary', description: 'one part per file' } },
    };
  }
}

/**
 * One operation of the document from its route: the route's own schema (operationId, summary, tags, input and
 * answers), the security its access declares, and every refusal it can give in the one error body. The route's
 * schema object itself is left as it is: Fastify validates and serialises with it.
 */
export function describeOperation(input: TransformInput) {
  const schema = input.schema as RouteSchema | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const route = (input as { route?: { method: string | string[]; url: string; config?: unknown } }).route;
  const refusals = route ? refusalsOf(route, schema) : [];
  const response = Object.fromEntries(
    Object.entries(schema.response ?? {}).map(([status, answer]) => [status, describedSuccess(status, answer)]),
  );
  // A refusal the route describes itself keeps its own answer, and so no example of the one error body.
  const described = refusals.filter((code) => response[HTTP_STATUS_BY_ERROR_CODE[code]] === undefined);
  for (const code of described) response[HTTP_STATUS_BY_ERROR_CODE[code]] = refusalAnswer(code);
  const access = accessOf(route?.config as { access?: RouteAccess } | undefined);
  const writes = [route?.method ?? []].flat().some((method) => method !== 'GET' && method !== 'HEAD');
  const headers = writes && access !== 'public' ? { headers: idempotencyKeyHeader } : {};
  const output = jsonSchemaTransform({
    ...input,
    schema: { ...schema, ...headers, response, security: SECURITY[access] },
  });
  describeUpload(output.schema as Record<string, unknown>, schema.consumes ?? []);
  describeRefusals((output.schema as { response?: Record<string, Record<string, unknown>> }).response, described);
  return output;
}
