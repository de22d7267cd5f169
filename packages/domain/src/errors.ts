import { z } from 'zod';

/** Error codes of the API's `{ code, message, fields? }` answers. */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'RULE_VIOLATION',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status each error code is answered with. */
export const HTTP_STATUS_BY_ERROR_CODE: Readonly<Record<ErrorCode, number>> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  RULE_VIOLATION: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
};

const ERROR_CODE_BY_HTTP_STATUS = new Map(
  Object.entries(HTTP_STATUS_BY_ERROR_CODE).map(([code, status]) => [status, code as ErrorCode]),
);

/** The code an answer of this status stands for when its body names none (a proxy's page, the framework's own 4xx). */
export function errorCodeForStatus(status: number): ErrorCode | undefined {
  return ERROR_CODE_BY_HTTP_STATUS.get(status);
}

export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
