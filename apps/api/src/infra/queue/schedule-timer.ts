import type { JobRequest, Schedule } from './types.ts';

interface Logger {
  error(object: object, message: string): void;
}

export interface ScheduleTimer {
  /** Settles once the first job is asked for (written to the outbox, or failed and logged). */
  firstAsked: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Asks for the scheduled job now and at every interval after, keyed by the time slot: several timers (API processes,
 * a restart within the slot) ask for one job, since the outbox keeps one row per key.
 */
export function startScheduleTimer(
  schedule: Schedule,
  enqueue: (job: JobRequest) => Promise<void>,
  log?: Logger,
): ScheduleTimer {
  let running: Promise<void> | undefined;
  const tick = (): Promise<void> | undefined => {
    if (running) return running;
    const slot = new Date(Math.floor(Date.now() / schedule.everyMs) * schedule.everyMs).toISOString();
    running = enqueue({
      queue: schedule.queue,
      name: schedule.name,
      payload: {},
      idempotencyKey: `${schedule.name}:${slot}`,
      ...(schedule.maxAttempts ? { maxAttempts: schedule.maxAttempts } : {}),
    })
      .catch((error: unknown) => log?.error({ err: error, job: schedule.name }, 'could not ask for a scheduled job'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const firstAsked = tick() ?? Promise.resolve();
  const timer = setInterval(tick, schedule.everyMs);
  timer.unref();
  return {
    firstAsked,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
