import { z } from 'zod';
import { messageKeySchema, messageParamsSchema, messageSchema } from './messages.ts';

/** Error codes of the API's `{ code, message, key?, params?, fields?, fieldKeys? }` answers. */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NOT_ACCEPTABLE',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'RULE_VIOLATION',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status each error code is answered with. */
export const HTTP_STATUS_BY_ERROR_CODE: Readonly<Record<ErrorCode, number>> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NOT_ACCEPTABLE: 406,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  RULE_VIOLATION: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** A part the API depends on (the database) cannot be reached just now: a retry later may succeed. */
  UNAVAILABLE: 503,
};

const ERROR_CODE_BY_HTTP_STATUS = new Map(
  Object.entries(HTTP_STATUS_BY_ERROR_CODE).map(([code, status]) => [status, code as ErrorCode]),
);

/** The code an answer of this status stands for when its body names none (a proxy's page, the framework's own 4xx). */
export function errorCodeForStatus(status: number): ErrorCode | undefined {
  return ERROR_CODE_BY_HTTP_STATUS.get(status);
}

/**
 * Every failure: `message` in English for integrators, `key` and `params` for translating it; `fields` names the
 * fields at fault by their path in the request, with their English text, and `fieldKeys` their keys.
 */
export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  // The message schema's parts, not messageSchema.shape: a property read at load would keep zod in every first download.
  key: messageKeySchema.optional(),
  params: messageParamsSchema.optional(),
  fields: z.record(z.string(), z.string()).optional(),
  fieldKeys: z.record(z.string(), messageSchema).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
