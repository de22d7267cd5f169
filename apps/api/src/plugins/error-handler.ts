import { isDatabaseUnavailable } from '@rope/db/errors';
import { type ApiError, type ErrorCode, errorCodeForStatus } from '@rope/domain/errors';
import { issueMessage, type MessageKey, message } from '@rope/domain/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, type ErrorText, validationError } from '../http/app-error.ts';
import { isMalformedMultipart } from '../http/input-guard.ts';
import { answeredRequest } from '../http/request-log.ts';

/** What fastify-type-provider-zod makes of a zod issue: code, path and message apart, the issue's other keys in params. */
interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldsOf(issues: ValidationIssue[], context: string): Record<string, ErrorText> {
  const fields: Record<string, ErrorText> = {};
  for (const issue of issues) {
    const path = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    const text = issue.message ?? 'Invalid value';
    const zodIssue = { ...issue.params, code: issue.keyword, path: [], message: text } as unknown as z.core.$ZodIssue;
    fields[path || context] ??= { ...issueMessage(zodIssue), text };
  }
  return fields;
}

/** The body of an AppError: code and English message, the keys beside them, any further keys of its own. */
function appErrorBody(error: AppError): ApiError {
  return {
    ...error.extra,
    code: error.code,
    message: error.message,
    ...(error.key ? { key: error.key.key, ...(error.key.params ? { params: error.key.params } : {}) } : {}),
    ...(error.fields ? { fields: error.fields } : {}),
    ...(error.fieldKeys ? { fieldKeys: error.fieldKeys } : {}),
  };
}

/** The framework's own refusals (a body over the limit, an unknown content type) by their code, in its words. */
const FRAMEWORK_KEYS: Partial<Record<ErrorCode, MessageKey>> = {
  VALIDATION: 'app.errors.invalidInput',
  UNAUTHENTICATED: 'app.errors.notSignedIn',
  FORBIDDEN: 'app.errors.forbidden',
  NOT_FOUND: 'app.errors.notFound',
  PAYLOAD_TOO_LARGE: 'app.errors.requestTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'app.errors.unsupportedMediaType',
};

/**
 * The router's refusals before any route is found (a path parameter over Fastify's length, a path that does not
 * decode): a 400 in the one error body, as bad input everywhere else, instead of the framework's own 414 or 400.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const refusal = validationError({ path: { key: 'app.errors.invalidInput', text: error.message } });
  reply.status(400).send(appErrorBody(refusal));
  // Fastify writes no line when it answers a request it refused before routing (an address it cannot decode): the
  // request log's one line per request (http/request-log.ts), written here.
  request.log.info(answeredRequest(request, reply), 'request completed');
}

const internalError = () => new AppError('INTERNAL', message('app.errors.internal'));

/**
 * Every failure leaves as `{ code, message, key, params?, fields?, fieldKeys? }`; never a stack trace, 500s carry
 * the request id; a database that cannot be reached answers 503 UNAVAILABLE with Retry-After.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ApiError;
    if (error instanceof AppError) {
      status = error.status;
      body = appErrorBody(error);
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const fields = fieldsOf(error.validation as ValidationIssue[], error.validationContext ?? 'body');
      body = appErrorBody(validationError(fields));
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      body = appErrorBody(internalError());
    } else if (isMalformedMultipart(error)) {
      status = 400;
      body = appErrorBody(
        validationError({ body: message('app.errors.multipartMalformed', { problem: error.message }) }),
      );
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code = errorCodeForStatus(status) ?? 'VALIDATION';
      const key = FRAMEWORK_KEYS[code] ?? 'app.errors.requestRefused';
      body = appErrorBody(new AppError(code, { key, text: error.message }));
    } else if (isDatabaseUnavailable(error)) {
      // The database is restarting or away: a clean refusal the caller can retry, not a 500 to investigate.
      status = 503;
      request.log.warn({ err: error }, 'database unavailable');
      body = appErrorBody(new AppError('UNAVAILABLE', message('app.errors.databaseUnavailable')));
      reply.header('Retry-After', '5');
    } else {
      request.log.error({ err: error }, 'request failed');
      body = appErrorBody(internalError());
    }
    if (status === 500) body.requestId = request.id;
    reply.status(status).send(body);
  });
}
