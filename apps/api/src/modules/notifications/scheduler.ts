import type { AppContext } from '../../context.ts';
import { JOB_SCAN_DUE_TASKS, NOTIFICATIONS_QUEUE } from './queues.ts';

export const DEFAULT_SCAN_INTERVAL_MS = 60_000;

export interface Scheduler {
  stop(): Promise<void>;
}

/**
 * Every interval, asks for one scan-due-tasks job keyed by the time slot. Every API process (embedded) and every
 * worker (server mode) runs one; the outbox's unique key turns their simultaneous requests into one job.
 */
export function startDueTaskScheduler(
  ctx: Pick<AppContext, 'queue' | 'log'>,
  options: { intervalMs?: number } = {},
): Scheduler {
  const intervalMs = options.intervalMs ?? DEFAULT_SCAN_INTERVAL_MS;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    const slot = new Date(Math.floor(Date.now() / intervalMs) * intervalMs).toISOString();
    running = ctx.queue
      .enqueue({
        queue: NOTIFICATIONS_QUEUE,
        name: JOB_SCAN_DUE_TASKS,
        payload: { slot },
        idempotencyKey: `due-tasks:${slot}`,
        maxAttempts: 3,
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'could not ask for the due-task scan'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
