import type { Db } from '@rope/db/client';
import { type Job as BullJob, Queue as BullQueue, UnrecoverableError, Worker } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import {
  type ClaimedJob,
  claimOutboxRows,
  countPending,
  markDispatched,
  releaseClaims,
  writeToOutbox,
} from './outbox.ts';
import {
  DEFAULT_TIMINGS,
  type HandlerOptions,
  IDLE_HORIZON_MS,
  type Job,
  type JobHandler,
  type Queue,
  type QueueTimings,
  RefusedJobError,
  type Schedule,
} from './types.ts';
import { waitUntil } from './wait-until.ts';
import { createWakeSignal } from './wake-signal.ts';

interface Logger {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info?(object: object, message: string): void;
}

interface RelayedData {
  /** 0 for a scheduled job: it comes from a job scheduler in Redis, not from the outbox. */
  outboxId: number;
  payload: Record<string, unknown>;
  idempotencyKey: string;
}

const RELAY_BATCH = 100;

/**
 * A fixed window per key, counted in Redis for every worker: KEYS[1] the counter, ARGV wanted, max, window ms.
 * Answers what it granted and, when nothing, how long the window has left.
 */
const TAKE_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local room = tonumber(ARGV[2]) - used
if room <= 0 then
  local left = redis.call('PTTL', KEYS[1])
  if left < 1 then left = 1 end
  return {0, left}
end
local granted = math.min(tonumber(ARGV[1]), room)
redis.call('INCRBY', KEYS[1], granted)
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {granted, 0}`;
const KEEP = { removeOnComplete: { age: 24 * 3600, count: 10_000 }, removeOnFail: { age: 7 * 24 * 3600 } };

function byQueue(jobs: ClaimedJob[]): Map<string, ClaimedJob[]> {
  const grouped = new Map<string, ClaimedJob[]>();
  for (const job of jobs) grouped.set(job.queue, [...(grouped.get(job.queue) ?? []), job]);
  return grouped;
}

/** What a processor sees of a BullMQ job; each run of a scheduled job is keyed by its own id. */
function toJob(queue: string, bullJob: BullJob<RelayedData>): Job {
  const { outboxId, payload, idempotencyKey } = bullJob.data;
  return {
    id: outboxId,
    queue,
    name: bullJob.name,
    payload,
    idempotencyKey: outboxId === 0 ? `${idempotencyKey}:${bullJob.id}` : idempotencyKey,
    attempt: bullJob.attemptsMade + 1,
  };
}

/**
 * Server mode: the outbox is relayed to BullMQ queues in Redis and `worker` processes run them. While Redis is
 * away, jobs wait in the outbox and the API keeps answering; they are relayed when Redis returns.
 */
export function createBullmqQueue(
  db: Db,
  redisUrl: string,
  options: { timings?: Partial<QueueTimings>; log?: Logger; prefix?: string } = {},
): Queue {
  const timings = { ...DEFAULT_TIMINGS, ...options.timings };
  const prefix = options.prefix ?? 'rope';
  // Producer side fails fast when Redis is down instead of buffering in memory.
  const producer = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
  producer.on('error', () => {});
  const queues = new Map<string, BullQueue>();
  const handlers = new Map<string, { handler: JobHandler; options: HandlerOptions }>();
  const schedules: Schedule[] = [];
  /** Schedulers this process keeps in Redis, per queue. */
  const scheduled = new Map<string, number>();
  const workers: Worker[] = [];
  const signal = createWakeSignal();
  let relaying = false;
  let relayLoop: Promise<void> | undefined;

  const workerConnection = (): RedisOptions & { url: string } => ({ url: redisUrl, maxRetriesPerRequest: null });

  function bullQueue(name: string): BullQueue {
    let queue = queues.get(name);
    if (!queue) {
      queue = new BullQueue(name, { connection: producer, prefix });
      queue.on('error', () => {});
      queues.set(name, queue);
    }
    return queue;
  }

  async function relayBatch(): Promise<number> {
    if (producer.status !== 'ready') {
      await producer.connect().catch(() => {});
      if ((producer.status as string) !== 'ready') return 0;
    }
    const jobs = await claimOutboxRows(db, { limit: RELAY_BATCH, lockMs: timings.relayLockMs, countAttempt: false });
    // Jobs enqueued inside a transaction wait for the next poll, so a busy minute relays dozens at a time: one Redis
    // call per queue and one statement for all of them, instead of a call and a statement per job.
    const handedOver: number[] = [];
    try {
      for (const [queue, batch] of byQueue(jobs)) {
        await bullQueue(queue).addBulk(batch.map(relayedJob));
        handedOver.push(...batch.map((job) => job.id));
      }
    } catch (error) {
      const relayed = new Set(handedOver);
      const kept = jobs.filter((job) => !relayed.has(job.id)).map((job) => job.id);
      await markDispatched(db, handedOver);
      await releaseClaims(db, kept, error);
      options.log?.warn({ err: error }, 'relay to Redis failed; the job waits in the outbox');
      return 0;
    }
    await markDispatched(db, handedOver);
    return jobs.length;
  }

  /** The row's relay key is the job's id in Redis: a row relayed twice (a claim that expired) is added once. */
  function relayedJob(job: ClaimedJob) {
    const data: RelayedData = { outboxId: job.id, payload: job.payload, idempotencyKey: job.idempotencyKey };
    return {
      name: job.name,
      data,
      opts: {
        jobId: `outbox-${job.relayKey}`,
        attempts: job.maxAttempts,
        backoff: { type: 'exponential' as const, delay: timings.backoffMs },
        ...KEEP,
      },
    };
  }

  async function relay() {
    while (relaying) {
      let moved = 0;
      try {
        moved = await relayBatch();
      } catch (error) {
        options.log?.error({ err: error }, 'outbox relay failed');
      }
      if (moved === 0 && relaying) await signal.sleep(timings.pollMs);
    }
  }

  /** Connects the producer, or waits for the connection the relay already opened. */
  async function producerReady(): Promise<void> {
    if (producer.status === 'ready') return;
    if (['wait', 'end', 'close'].includes(producer.status)) return producer.connect();
    await new Promise<void>((resolve, reject) => {
      producer.once('ready', resolve);
      producer.once('end', () => reject(new Error('Redis is not reachable')));
    });
  }

  let closing = false;
  let schedulersRetry: Promise<void> | undefined;
  const retrySignal = createWakeSignal();

  /** One scheduler per scheduled job, upserted under a fixed id: one for all workers, however many start. */
  async function upsertSchedulers(): Promise<void> {
    await producerReady();
    const counts = new Map<string, number>();
    for (const schedule of schedules) {
      await bullQueue(schedule.queue).upsertJobScheduler(
        `${schedule.queue}:${schedule.name}`,
        { every: schedule.everyMs },
        {
          name: schedule.name,
          data: { outboxId: 0, payload: {}, idempotencyKey: schedule.name } satisfies RelayedData,
          opts: {
            attempts: schedule.maxAttempts ?? 5,
            backoff: { type: 'exponential', delay: timings.backoffMs },
            ...KEEP,
          },
        },
      );
      counts.set(schedule.queue, (counts.get(schedule.queue) ?? 0) + 1);
    }
    scheduled.clear();
    for (const [queue, count] of counts) scheduled.set(queue, count);
  }

  async function retrySchedulers(): Promise<void> {
    for (let attempt = 1; !closing; attempt += 1) {
      await retrySignal.sleep(Math.min(500 * attempt, 5_000));
      if (closing) return;
      try {
        await upsertSchedulers();
        options.log?.info?.({ attempt }, 'job schedulers in Redis again');
        return;
      } catch {
        // Still away: the next attempt waits a little longer.
      }
    }
  }

  async function redisOk(): Promise<boolean> {
    try {
      if (producer.status !== 'ready') await producer.connect();
      return (await producer.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  return {
    kind: 'bullmq',
    async enqueue(job, tx) {
      await writeToOutbox(tx ?? db, job);
      if (!tx) signal.wake();
    },
    handle(queue, handler, handlerOptions = {}) {
      handlers.set(queue, { handler, options: handlerOptions });
    },
    schedule(schedule) {
      schedules.push(schedule);
    },
    startRelay() {
      if (relaying) return;
      relaying = true;
      relayLoop = relay();
    },
    async startProcessing() {
      for (const [queue, { handler, options: handlerOptions }] of handlers) {
        const { concurrency = 1, limiter } = handlerOptions;
        const worker = new Worker<RelayedData>(
          queue,
          async (bullJob) => {
            const job = toJob(queue, bullJob);
            const started = performance.now();
            // One line per run, what an operator looks for: kind, id, attempt, result, duration; never the payload.
            const line = (result: string) => ({
              queue,
              job: job.name,
              id: job.id === 0 ? bullJob.id : job.id,
              attempt: job.attempt,
              result,
              ms: Math.round(performance.now() - started),
            });
            try {
              await handler(job);
              options.log?.info?.(line('done'), 'job done');
            } catch (error) {
              const refused = error instanceof RefusedJobError;
              options.log?.warn(
                { ...line(refused ? 'refused' : 'failed'), reason: (error as Error).message },
                'job failed',
              );
              // BullMQ gives up on this error at once instead of retrying.
              if (refused) throw new UnrecoverableError(error.message);
              throw error;
            }
          },
          {
            connection: workerConnection(),
            concurrency,
            prefix,
            stalledInterval: 5_000,
            maxStalledCount: 5,
            ...(limiter ? { limiter: { max: limiter.max, duration: limiter.durationMs } } : {}),
          },
        );
        worker.on('error', (error) => options.log?.error({ err: error, queue }, 'worker error'));
        workers.push(worker);
      }
      await Promise.all(workers.map((worker) => worker.waitUntilReady()));
      if (schedules.length === 0) return;
      try {
        await upsertSchedulers();
      } catch (error) {
        // Redis went away while the worker started (its processors run already): the schedulers follow when it is
        // back, instead of the worker giving up and leaving every job to wait for a restart.
        options.log?.warn({ err: error }, 'job schedulers not in Redis yet: retrying until it answers');
        schedulersRetry = retrySchedulers();
      }
    },
    async take(key, wanted, limit) {
      await producerReady();
      const [granted, retryInMs] = (await producer.eval(
        TAKE_SCRIPT,
        1,
        `${prefix}:rate:${key}`,
        wanted,
        limit.max,
        limit.durationMs,
      )) as [number, number];
      return { granted, retryInMs };
    },
    async health() {
      const [ok, pending] = await Promise.all([redisOk(), countPending(db)]);
      return { kind: 'bullmq', ok, pending, ...(ok ? {} : { detail: 'Redis is not reachable' }) };
    },
    async idle(timeoutMs = 30_000) {
      await waitUntil(
        async () => {
          if ((await countPending(db, undefined, IDLE_HORIZON_MS)) > 0) return false;
          for (const name of handlers.keys()) {
            // One read of all states (a job moves between them); each scheduler keeps its next run delayed.
            const { delayed = 0, ...now } = await bullQueue(name).getJobCounts(
              'waiting',
              'active',
              'delayed',
              'prioritized',
            );
            if (Object.values(now).some((count) => count > 0)) return false;
            if (delayed > (scheduled.get(name) ?? 0)) return false;
          }
          return true;
        },
        timeoutMs,
        () => signal.wake(),
      );
    },
    async close() {
      relaying = false;
      closing = true;
      signal.wake();
      retrySignal.wake();
      await relayLoop;
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      producer.disconnect();
      // A retry waiting for the producer ends with it.
      await schedulersRetry;
    },
  };
}
