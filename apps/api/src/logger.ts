import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Env } from './env.ts';

export function createLogger(env: Env): FastifyBaseLogger {
  return pino({
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'],
  }) as unknown as FastifyBaseLogger;
}
