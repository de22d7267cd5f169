import rateLimit from '@fastify/rate-limit';
import { message } from '@rope/domain/messages';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Calls with an API key are limited per key (API_KEY_RATE_LIMIT in API_KEY_RATE_WINDOW_SECONDS): one integrator's
 * loop cannot take the cockpit from everyone else. People's sessions are not limited here (signing in has its own
 * throttle). In server mode the count lives in Redis, so every API process counts the same calls; a Redis that
 * cannot be reached lets calls through rather than refusing them all.
 */
export async function registerApiKeyLimits(app: FastifyInstance, ctx: AppContext) {
  const redis = ctx.env.REDIS_URL
    ? new Redis(ctx.env.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'API key limits: Redis connection problem'));
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  await app.register(rateLimit, {
    global: true,
    max: ctx.env.API_KEY_RATE_LIMIT,
    timeWindow: ctx.env.API_KEY_RATE_WINDOW_SECONDS * 1000,
    ...(redis ? { redis } : {}),
    nameSpace: `${ctx.env.QUEUE_PREFIX}:api-key-limit:`,
    skipOnError: true,
    // After authentication (an onRequest hook of the app), so the key is known.
    allowList: (request) => request.auth?.apiKeyId === undefined,
    keyGenerator: (request) => `key-${request.auth.apiKeyId}`,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('TOO_MANY_REQUESTS', message('app.errors.apiKeyRateLimited', { seconds }), undefined, {
        'Retry-After': `${seconds}`,
      });
    },
  });
}
