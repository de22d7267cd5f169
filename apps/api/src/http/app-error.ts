import { type ErrorCode, HTTP_STATUS_BY_ERROR_CODE } from '@rope/domain/errors';

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
    this.status = HTTP_STATUS_BY_ERROR_CODE[code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (what = 'You are not allowed to do this') => new AppError('FORBIDDEN', what);
