import type { Db } from '@rope/db/client';

export interface JobRequest {
  queue: string;
  name: string;
  payload: Record<string, unknown>;
  /** Two requests with the same key become one job. */
  idempotencyKey: string;
  maxAttempts?: number;
  /** Not run before this many milliseconds from now (a retry the job plans itself). */
  delayMs?: number;
}

export interface Job {
  id: number;
  queue: string;
  name: string;
  payload: Record<string, unknown>;
  idempotencyKey: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
}

export type JobHandler = (job: Job) => Promise<void>;

/** A job that no retry can run (its payload or name is not one the processors know): it fails at once. */
export class RefusedJobError extends Error {
  override readonly name = 'RefusedJobError';
}

/** A job asked for at a fixed interval, with an empty payload. */
export interface Schedule {
  queue: string;
  name: string;
  everyMs: number;
  maxAttempts?: number;
}

export interface HandlerOptions {
  /** Jobs of this queue run at once in one process. */
  concurrency?: number;
  /** At most `max` jobs start per `durationMs` (per process inline; per queue across workers with BullMQ). */
  limiter?: RateLimit;
}

/** At most `max` in each window of `durationMs`. */
export interface RateLimit {
  max: number;
  durationMs: number;
}

/** What a rate limit allows now: `granted` of what was asked, and in how many ms to ask again for the rest. */
export interface Allowance {
  granted: number;
  retryInMs: number;
}

export interface QueueHealth {
  kind: 'inline' | 'bullmq';
  ok: boolean;
  /** Jobs written but not yet processed (inline) or not yet handed to Redis (BullMQ). */
  pending: number;
  detail?: string;
}

export interface QueueTimings {
  /** How often the outbox is looked at when nothing woke the pump. */
  pollMs: number;
  /** First retry delay; doubled on each further attempt. */
  backoffMs: number;
  /** How long a claimed job stays locked before another process may take it over. */
  lockMs: number;
  /**
   * How long rows claimed for the hand-over to Redis stay locked. A batch takes well under a second, so a relay that
   * died holding rows (a killed process) holds up their jobs only this long; a second hand-over of a row is harmless
   * (its BullMQ job id is `outbox-<id>-<when the row was written>`, and Redis adds no second job under an id it holds).
   */
  relayLockMs: number;
}

/** Jobs planned further ahead than this (a webhook's next retry) do not count against `idle()`. */
export const IDLE_HORIZON_MS = 1000;

export const DEFAULT_TIMINGS: QueueTimings = { pollMs: 1000, backoffMs: 2000, lockMs: 5 * 60_000, relayLockMs: 10_000 };

/**
 * Jobs are first written to the `outbox` table, in the caller's transaction when one is given, so a job exists
 * exactly when the change that caused it was committed. The inline adapter then runs them from the outbox in this
 * process; the BullMQ adapter relays them to Redis, where worker processes run them.
 */
export interface Queue {
  readonly kind: 'inline' | 'bullmq';
  /** One job, or several written in one statement. */
  enqueue(job: JobRequest | readonly JobRequest[], tx?: Db): Promise<void>;
  /** Registers the processor of one queue; takes effect with `startProcessing`. */
  handle(queue: string, handler: JobHandler, options?: HandlerOptions): void;
  /**
   * Asks for a job every `everyMs`; takes effect with `startProcessing`. Inline: a timer writes one outbox row per
   * time slot (the unique key makes simultaneous timers one job). BullMQ: a repeatable job in Redis, one for all
   * workers.
   */
  schedule(schedule: Schedule): void;
  /** Moves outbox rows on (inline: runs them; BullMQ: hands them to Redis). Every API process runs this. */
  startRelay(): void;
  /** Starts running the registered processors (inline: in this process; BullMQ: as a worker). */
  startProcessing(): Promise<void>;
  /**
   * Takes up to `wanted` of what `limit` allows under `key` in the current window: for work a job does in units of
   * its own (a notification job's mails), which a job limiter cannot count. Shared by every worker with BullMQ (a
   * counter in Redis), this process's inline.
   */
  take(key: string, wanted: number, limit: RateLimit): Promise<Allowance>;
  health(): Promise<QueueHealth>;
  /** Resolves when nothing is running or due within IDLE_HORIZON_MS; for tests and demos. */
  idle(timeoutMs?: number): Promise<void>;
  /** Stops taking jobs, waits for the running ones, closes connections. */
  close(): Promise<void>;
}
