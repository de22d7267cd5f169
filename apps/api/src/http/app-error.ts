import type { ErrorCode } from '@rope/domain/errors';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
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

/** An error meant for the client: its code, message and field messages are sent as they are. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Further keys of the answer body, e.g. `{ passwordExpired: true }`; code, message and fields win. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.status = STATUS_BY_CODE[code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (what = 'You are not allowed to do this') => new AppError('FORBIDDEN', what);
