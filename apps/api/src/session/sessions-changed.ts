import type { AppContext } from '../context.ts';

const SESSIONS_CHANGED_TOPIC = 'auth:sessions-changed';
const SESSION_LISTEN_RETRY_MS = 5_000;

/** Forgets the sessions this process holds whenever another process says they changed; tries again while Redis is away. */
export function listenForSessionChanges(ctx: AppContext) {
  let stopped = false;
  let unsubscribe: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  const attempt = () => {
    ctx.live
      .subscribe(SESSIONS_CHANGED_TOPIC, () => ctx.sessions.forgetAll())
      .then(
        (stop) => {
          if (stopped) void stop();
          else unsubscribe = stop;
        },
        (error: unknown) => {
          ctx.log.warn({ err: error }, 'not told of session changes by other processes yet; trying again');
          if (!stopped) retry = setTimeout(attempt, SESSION_LISTEN_RETRY_MS);
        },
      );
  };
  attempt();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await unsubscribe?.();
    },
  };
}

/**
 * Forgets every session this process holds at once and tells the other processes to do the same; a bus that is
 * down leaves them SESSION_CACHE_MS at most.
 */
export function forgetSessionsEverywhere(ctx: AppContext, onBusError: (error: unknown) => void): void {
  ctx.sessions.forgetAll();
  ctx.live.publish(SESSIONS_CHANGED_TOPIC, {}).catch(onBusError);
}
