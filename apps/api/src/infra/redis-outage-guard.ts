import type { Logger } from 'pino';

/**
 * ioredis rejects the commands in flight when Redis goes away (`MaxRetriesPerRequestError` on the producer, which
 * retries once). The cockpit awaits its own; one a library sent without awaiting it ended the worker during a
 * Redis outage (the fault test `redis-down`), and every job then waited for a restart that nothing does. Such a
 * rejection is logged and the process goes on; any other unhandled rejection still ends it, as Node's default does.
 */
export function isLostRedisCommand(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'MaxRetriesPerRequestError';
}

export function keepRunningThroughRedisOutages(log: Pick<Logger, 'warn'>) {
  process.on('unhandledRejection', (reason) => {
    if (isLostRedisCommand(reason)) {
      log.warn({ err: reason }, 'a Redis command was lost while Redis was away; the process goes on');
      return;
    }
    throw reason;
  });
}
