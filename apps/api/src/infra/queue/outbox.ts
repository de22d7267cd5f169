import type { Db } from '@rope/db/client';
import { queryRows } from '@rope/db/client';
import { outbox } from '@rope/db/schema/index';
import { type SQL, sql } from 'drizzle-orm';
import { type Job, type JobRequest, RefusedJobError } from './types.ts';

/** Writes one job, or several in one statement (a notification's deliveries): a key written before adds nothing. */
export async function writeToOutbox(db: Db, jobs: JobRequest | readonly JobRequest[]): Promise<void> {
  const list = Array.isArray(jobs) ? jobs : [jobs as JobRequest];
  if (list.length === 0) return;
  await db
    .insert(outbox)
    .values(
      list.map((job) => ({
        queue: job.queue,
        name: job.name,
        payload: job.payload,
        idempotencyKey: job.idempotencyKey,
        maxAttempts: job.maxAttempts ?? 5,
        ...(job.delayMs ? { availableAt: sql`now() + make_interval(secs => ${job.delayMs / 1000})` } : {}),
      })),
    )
    .onConflictDoNothing({ target: outbox.idempotencyKey });
}

interface ClaimedRow extends Record<string, unknown> {
  id: number;
  queue: string;
  name: string;
  payload: Record<string, unknown>;
  idempotency_key: string;
  attempts: number;
  max_attempts: number;
  relay_key: string;
}

export interface ClaimedJob extends Job {
  maxAttempts: number;
  /**
   * The row's id and the microsecond it was written: its job's id in Redis. The id alone repeats after a restore (the
   * sequence goes back with the rows) or on a new database beside a Redis that kept the earlier jobs, and Redis would
   * take the new job for one it already holds and drop it.
   */
  relayKey: string;
}

type ClaimOptions = { queues?: string[]; limit: number; lockMs: number; countAttempt: boolean };

/**
 * The claim of due rows, read through the partial index of the rows not yet handed over (`outbox_pending_index`):
 * the rows handed over stay for 30 days, a million on a busy site, and a claim that scanned them took 200 ms of
 * PostgreSQL on every poll (0.2 ms through the index).
 */
export function claimStatement(options: ClaimOptions): SQL {
  const queueFilter = options.queues ? sql`and queue in ${options.queues.length ? options.queues : ['']}` : sql``;
  return sql`update outbox set locked_until = now() + make_interval(secs => ${options.lockMs / 1000}),
          attempts = attempts + ${options.countAttempt ? 1 : 0}
        where id in (
          select id from outbox
          where dispatched_at is null and failed_at is null and available_at <= now()
            and (locked_until is null or locked_until < now()) ${queueFilter}
          order by id limit ${options.limit} for update skip locked)
        returning id, queue, name, payload, idempotency_key, attempts, max_attempts,
          id || '-' || (extract(epoch from created_at) * 1000000)::bigint as relay_key`;
}

/** Claims due rows; rows whose claim expired (a process died holding them) are claimed again. */
export async function claimOutboxRows(db: Db, options: ClaimOptions): Promise<ClaimedJob[]> {
  const rows = await queryRows<ClaimedRow>(db, claimStatement(options));
  return rows
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((row) => ({
      id: Number(row.id),
      queue: row.queue,
      name: row.name,
      payload: row.payload,
      idempotencyKey: row.idempotency_key,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      relayKey: row.relay_key,
    }));
}

/** Jobs handed over (or run, inline): one statement for a relayed batch however long. */
export async function markDispatched(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update outbox set dispatched_at = now(), locked_until = null, last_error = null where id in ${ids}`,
  );
}

/** A failed run: retried after a doubling backoff, given up after the last attempt or at once when refused. */
export async function markFailedAttempt(db: Db, job: ClaimedJob, error: unknown, backoffMs: number): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  if (job.attempt >= job.maxAttempts || error instanceof RefusedJobError) {
    await db.execute(
      sql`update outbox set failed_at = now(), locked_until = null, last_error = ${message} where id = ${job.id}`,
    );
    return;
  }
  const delaySeconds = (backoffMs * 2 ** (job.attempt - 1)) / 1000;
  await db.execute(
    sql`update outbox set available_at = now() + make_interval(secs => ${delaySeconds}), locked_until = null,
          last_error = ${message} where id = ${job.id}`,
  );
}

/** Gives claimed rows back untouched, e.g. when Redis could not take them. */
export async function releaseClaims(db: Db, ids: readonly number[], error: unknown): Promise<void> {
  if (ids.length === 0) return;
  const message = error instanceof Error ? error.message : String(error);
  await db.execute(sql`update outbox set locked_until = null, last_error = ${message} where id in ${ids}`);
}

/** How long handed-over jobs stay in the outbox: their idempotency keys refuse repeats of recent requests. */
export const OUTBOX_RETENTION_DAYS = { dispatched: 30, failed: 90 } as const;

/**
 * Deletes jobs handed over (or given up) longer ago than the retention, a batch at a time so a large backlog never
 * holds a long lock. A repeat of such an old request is refused further down anyway (notifications carry their own
 * idempotency keys). Answers how many rows went.
 */
export async function pruneOutbox(db: Db, batch = 5000): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from outbox where id in (
          select id from outbox
          where dispatched_at < now() - make_interval(days => ${OUTBOX_RETENTION_DAYS.dispatched})
             or failed_at < now() - make_interval(days => ${OUTBOX_RETENTION_DAYS.failed})
          limit ${batch})
        returning id`,
  );
  return rows.length;
}

/**
 * Jobs not yet handed over. With `dueWithinMs`, only those due by then: a job planned for hours ahead (a webhook's
 * next retry) does not keep a queue from being idle.
 */
export async function countPending(db: Db, queues?: string[], dueWithinMs?: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, countPendingStatement(queues, dueWithinMs));
  return Number(rows[0]?.n ?? 0);
}

/** The count of rows not yet handed over, through the same partial index as the claim. */
export function countPendingStatement(queues?: string[], dueWithinMs?: number): SQL {
  const queueFilter = queues ? sql`and queue in ${queues.length ? queues : ['']}` : sql``;
  const dueFilter =
    dueWithinMs === undefined ? sql`` : sql`and available_at <= now() + make_interval(secs => ${dueWithinMs / 1000})`;
  return sql`select count(*)::int as n from outbox where dispatched_at is null and failed_at is null ${queueFilter} ${dueFilter}`;
}
