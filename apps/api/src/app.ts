import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { registerAnswerCache } from './http/answer-cache.ts';
import { rewriteVersionedUrl } from './http/api-version.ts';
import { registerClosingAnswer } from './http/closing.ts';
import { registerIdempotency } from './http/idempotency/index.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { lazyRequestLogger, OneLineRequestLog } from './http/request-log.ts';
import { registerUnreadBodyGuard } from './http/unread-body.ts';
import { registerApiKeyLimits } from './plugins/api-key-limits.ts';
import { authenticate } from './plugins/authenticate.ts';
import { registerCompression } from './plugins/compression.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerRoutes } from './routes.ts';

export const UPLOAD_LIMITS = { fileSize: 50 * 1024 * 1024, files: 20, fields: 50 } as const;

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    logController: new OneLineRequestLog(ctx.log),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 2 * 1024 * 1024,
    // Only a configured proxy may set the client IP: throttling per IP depends on it.
    trustProxy: trustProxyOption(ctx.env.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    // Our own 503 while closing (http/closing.ts): the error shape with a message key.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    rewriteUrl: rewriteVersionedUrl,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerUnreadBodyGuard(app);
  registerClosingAnswer(app);
  registerInputGuard(app);
  await registerSecurity(app);
  // Before compression, whose hook only reaches routes registered after it: the client's files are compressed at
  // build time and never again per request.
  await registerSpa(app, ctx.env.WEB_DIST);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(authenticate, { ctx });
  await registerApiKeyLimits(app, ctx);
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  await registerOpenApi(app);
  registerIdempotency(app, ctx.db);
  if (ctx.answers) registerAnswerCache(app, ctx.db, ctx.answers);
  await registerRoutes(app, ctx);
  return app;
}

/** Fastify counts hops itself when given a number, but its types only take a function for that. */
function trustProxyOption(setting: AppContext['env']['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
