import { type ApiError, errorCodeForStatus } from '@rope/domain/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../http/app-error.ts';
import { isMalformedMultipart } from '../http/input-guard.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function fieldsOf(issues: ValidationIssue[], context: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path =
      issue.params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    const key = path ? path : context;
    fields[key] ??= issue.params?.issue?.message ?? issue.message ?? 'Invalid value';
  }
  return fields;
}

/** Every failure leaves as `{ code, message, fields? }`; never a stack trace, 500s carry the request id. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ApiError;
    if (error instanceof AppError) {
      status = error.status;
      body = {
        ...error.extra,
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      };
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const fields = fieldsOf(error.validation as ValidationIssue[], error.validationContext ?? 'body');
      const first = Object.entries(fields)[0];
      body = { code: 'VALIDATION', message: first ? `${first[0]}: ${first[1]}` : 'Invalid input', fields };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      body = { code: 'INTERNAL', message: 'Internal error', requestId: request.id };
    } else if (isMalformedMultipart(error)) {
      status = 400;
      body = {
        code: 'VALIDATION',
        message: `body: the multipart body is malformed (${error.message})`,
        fields: { body: error.message },
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { code: errorCodeForStatus(status) ?? 'VALIDATION', message: error.message };
    } else {
      request.log.error({ err: error }, 'request failed');
      body = { code: 'INTERNAL', message: 'Internal error', requestId: request.id };
    }
    if (status === 500) body.requestId = request.id;
    reply.status(status).send(body);
  });
}
