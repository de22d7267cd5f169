import { type ErrorCode, errorCodeForStatus } from '@rope/domain/errors';
import type { MessageParams } from '@rope/domain/message-keys';

/** `NETWORK`: no answer at all; `BAD_RESPONSE`: an answer that is not the JSON we expect. */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'BAD_RESPONSE';

/** A message key with its parameters as the API answers it; the key may be one this client does not know yet. */
export interface ServerMessage {
  key: string;
  params?: MessageParams;
}

export interface ApiErrorKeys {
  /** The message's key and parameters. */
  key?: ServerMessage;
  /** The key and parameters of each field's message, by the field's path in the request. */
  fieldKeys?: Record<string, ServerMessage>;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** The parsed answer, for calls whose error status still carries data (e.g. 503 from /api/health). */
  readonly body: unknown;
  readonly key: ServerMessage | undefined;
  readonly fieldKeys: Record<string, ServerMessage> | undefined;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields?: Record<string, string>,
    body?: unknown,
    keys: ApiErrorKeys = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
    this.key = keys.key;
    this.fieldKeys = keys.fieldKeys;
  }
}

const LOGIN_PATH = '/login';

/** Reads the API's `{ code, message, key?, params?, fields?, fieldKeys? }` answer; proxies and crashes may answer without it. */
export function toApiError(response: Pick<Response, 'status' | 'statusText'>, body: unknown): ApiError {
  const fallbackCode = errorCodeForStatus(response.status) ?? 'INTERNAL';
  if (!isRecord(body)) {
    return new ApiError(
      response.status,
      fallbackCode,
      response.statusText || `HTTP ${response.status}`,
      undefined,
      body,
    );
  }
  const code = typeof body.code === 'string' ? (body.code as ApiErrorCode) : fallbackCode;
  const message = typeof body.message === 'string' ? body.message : response.statusText || `HTTP ${response.status}`;
  const fields = isRecord(body.fields) ? toStringRecord(body.fields) : undefined;
  return new ApiError(response.status, code, message, fields, body, keysOf(body));
}

/**
 * A message as the domain's messageSchema takes it, read without zod: every screen reads refusals, the first one
 * included, and zod stays out of the first download (api-client.test.ts holds the two alike).
 */
export function readServerMessage(value: unknown): ServerMessage | undefined {
  if (!isRecord(value) || typeof value.key !== 'string' || value.key.length > 200) return undefined;
  if (value.params === undefined) return { key: value.key };
  if (!isRecord(value.params)) return undefined;
  const params = Object.entries(value.params);
  if (!params.every(([, param]) => typeof param === 'string' || typeof param === 'number')) return undefined;
  return { key: value.key, params: Object.fromEntries(params) as MessageParams };
}

/** The answer's message keys; a malformed part is left out rather than failing the whole error. */
function keysOf(body: Record<string, unknown>): ApiErrorKeys {
  const key = readServerMessage({ key: body.key, params: body.params });
  const fieldKeys = isRecord(body.fieldKeys)
    ? Object.fromEntries(
        Object.entries(body.fieldKeys).flatMap(([path, value]) => {
          const parsed = readServerMessage(value);
          return parsed ? [[path, parsed] as const] : [];
        }),
      )
    : undefined;
  return { key, fieldKeys };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toStringRecord(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Sends the browser to the login screen, which brings the user back to this page. */
export function redirectToLogin(): void {
  if (typeof window === 'undefined') return;
  const { pathname, search } = window.location;
  if (pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`)) return;
  // The login screen brings the user back to where they were.
  const next = pathname === '/' ? '' : `?next=${encodeURIComponent(pathname + search)}`;
  window.location.assign(`${LOGIN_PATH}${next}`);
}
