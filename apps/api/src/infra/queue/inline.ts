import type { Db } from '@rope/db/client';
import { claimOutboxRows, countPending, markDispatched, markFailedAttempt, writeToOutbox } from './outbox.ts';
import { createRateWindows } from './rate-window.ts';
import { type ScheduleTimer, startScheduleTimer } from './schedule-timer.ts';
import {
  DEFAULT_TIMINGS,
  type HandlerOptions,
  IDLE_HORIZON_MS,
  type JobHandler,
  type JobRequest,
  type Queue,
  type QueueTimings,
  type Schedule,
} from './types.ts';
import { waitUntil } from './wait-until.ts';
import { createWakeSignal } from './wake-signal.ts';

interface Logger {
  error(object: object, message: string): void;
}

/** Embedded mode: the processors run in this process, straight from the outbox table. */
export function createInlineQueue(db: Db, options: { timings?: Partial<QueueTimings>; log?: Logger } = {}): Queue {
  const timings = { ...DEFAULT_TIMINGS, ...options.timings };
  const handlers = new Map<
    string,
    { handler: JobHandler; concurrency: number; limiter: HandlerOptions['limiter']; started: number[] }
  >();
  const schedules: Schedule[] = [];
  const timers: ScheduleTimer[] = [];
  const signal = createWakeSignal();
  let running = false;
  let loop: Promise<void> | undefined;
  let inFlight = 0;
  const rateWindows = createRateWindows();

  async function runBatch(): Promise<number> {
    let processed = 0;
    for (const [queue, entry] of handlers) {
      if (!running) break;
      const { handler } = entry;
      const limit = allowance(entry);
      if (limit === 0) continue;
      const jobs = await claimOutboxRows(db, {
        queues: [queue],
        limit,
        lockMs: timings.lockMs,
        countAttempt: true,
      });
      inFlight += jobs.length;
      if (entry.limiter) entry.started.push(...jobs.map(() => Date.now()));
      await Promise.all(
        jobs.map(async (job) => {
          try {
            await handler(job);
            await markDispatched(db, [job.id]);
          } catch (error) {
            options.log?.error({ err: error, job: job.id, queue }, 'job failed');
            await markFailedAttempt(db, job, error, timings.backoffMs);
          } finally {
            inFlight -= 1;
          }
        }),
      );
      processed += jobs.length;
    }
    return processed;
  }

  /** How many jobs the queue may start now: its concurrency, less what the rate limit already used up. */
  function allowance(entry: { concurrency: number; limiter: HandlerOptions['limiter']; started: number[] }) {
    if (!entry.limiter) return entry.concurrency;
    const since = Date.now() - entry.limiter.durationMs;
    while (entry.started.length && entry.started[0]! <= since) entry.started.shift();
    return Math.max(0, Math.min(entry.concurrency, entry.limiter.max - entry.started.length));
  }

  async function pump() {
    while (running) {
      let processed = 0;
      try {
        processed = await runBatch();
      } catch (error) {
        options.log?.error({ err: error }, 'outbox pump failed');
      }
      if (processed === 0 && running) await signal.sleep(timings.pollMs);
    }
  }

  async function enqueue(job: JobRequest | readonly JobRequest[], tx?: Db) {
    await writeToOutbox(tx ?? db, job);
    // Inside a transaction the row is visible only after commit; the next poll finds it then.
    if (!tx) signal.wake();
  }

  return {
    kind: 'inline',
    enqueue,
    handle(queue, handler, handlerOptions = {}) {
      handlers.set(queue, {
        handler,
        concurrency: handlerOptions.concurrency ?? 1,
        limiter: handlerOptions.limiter,
        started: [],
      });
    },
    schedule(schedule) {
      schedules.push(schedule);
    },
    startRelay() {
      // Inline processing is its own relay.
    },
    async startProcessing() {
      if (running) return;
      running = true;
      loop = pump();
      for (const schedule of schedules) timers.push(startScheduleTimer(schedule, enqueue, options.log));
      // The scheduled jobs of the start are asked for before this returns, so idle() waits for them too.
      await Promise.all(timers.map((timer) => timer.firstAsked));
    },
    async take(key, wanted, limit) {
      return rateWindows(key, wanted, limit);
    },
    async health() {
      const pending = await countPending(db);
      return { kind: 'inline', ok: true, pending };
    },
    async idle(timeoutMs = 30_000) {
      await waitUntil(
        async () => inFlight === 0 && (await countPending(db, [...handlers.keys()], IDLE_HORIZON_MS)) === 0,
        timeoutMs,
        () => signal.wake(),
      );
    },
    async close() {
      await Promise.all(timers.splice(0).map((timer) => timer.stop()));
      running = false;
      signal.wake();
      await loop;
    },
  };
}
