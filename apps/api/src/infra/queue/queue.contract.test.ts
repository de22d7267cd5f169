import { randomBytes } from 'node:crypto';
import type { Database } from '@rope/db/client';
import { createTestDatabase } from '@rope/db/test-database';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SAMPLES } from '../../../test/support/job-samples.ts';
import { deleteRedisKeys } from '../../../test/support/notifications.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { type JobDefinition, jobRequest } from '../../jobs/define.ts';
import { JOBS, registerJobs } from '../../jobs/registry.ts';
import { createBullmqQueue } from './bullmq.ts';
import { createInlineQueue } from './inline.ts';
import { type Job, type JobHandler, type Queue, RefusedJobError } from './types.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisMissing = await redisUnreachable(redisUrl);
if (redisMissing && process.env.CI === 'true') throw new Error(`CI needs Redis: ${redisMissing}`);

async function redisUnreachable(url: string): Promise<string | undefined> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return `Redis at ${url} is not reachable (${(error as Error).message})`;
  } finally {
    client.disconnect();
  }
}

const timings = { pollMs: 50, backoffMs: 20, lockMs: 10_000 };

type QueueFactory = (database: Database) => Queue;
const prefix = `rope-test-${randomBytes(4).toString('hex')}`;
const adapters: [string, QueueFactory, string | undefined][] = [
  ['inline', (database) => createInlineQueue(database.db, { timings }), undefined],
  [
    redisMissing ? `bullmq (skipped: ${redisMissing})` : 'bullmq',
    (database) => createBullmqQueue(database.db, redisUrl, { timings, prefix }),
    redisMissing,
  ],
];

describe.each(adapters)('queue contract: %s adapter', (kind, makeQueue, skipReason) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  async function start(queueName: string, handler: (job: Job) => Promise<void>, concurrency = 1) {
    const queue = makeQueue(database);
    queue.handle(queueName, handler, { concurrency });
    queue.startRelay();
    await queue.startProcessing();
    return queue;
  }

  it.skipIf(Boolean(skipReason))(
    `processes each enqueued job once, with its payload${skipReason ? ` (skipped: ${skipReason})` : ''}`,
    async () => {
      const seen: Job[] = [];
      const queue = await start(`${kind}-once`, async (job) => {
        seen.push(job);
      });
      await queue.enqueue({ queue: `${kind}-once`, name: 'greet', payload: { n: 1 }, idempotencyKey: `${kind}-a` });
      await queue.enqueue({ queue: `${kind}-once`, name: 'greet', payload: { n: 1 }, idempotencyKey: `${kind}-a` });
      await queue.enqueue({ queue: `${kind}-once`, name: 'greet', payload: { n: 2 }, idempotencyKey: `${kind}-b` });
      await queue.idle(20_000);
      await queue.close();
      expect(seen.map((job) => job.payload.n).sort()).toEqual([1, 2]);
      expect(seen.every((job) => job.name === 'greet' && job.attempt === 1)).toBe(true);
    },
  );

  it.skipIf(Boolean(skipReason))('retries a failed job with backoff until it succeeds', async () => {
    const attempts: number[] = [];
    const queue = await start(`${kind}-retry`, async (job) => {
      attempts.push(job.attempt);
      if (job.attempt < 3) throw new Error('temporary failure');
    });
    await queue.enqueue({ queue: `${kind}-retry`, name: 'flaky', payload: {}, idempotencyKey: `${kind}-flaky` });
    await queue.idle(20_000);
    await queue.close();
    expect(attempts).toEqual([1, 2, 3]);
  });

  it.skipIf(Boolean(skipReason))('enqueued inside a rolled-back transaction, a job never runs', async () => {
    const seen: string[] = [];
    const queue = await start(`${kind}-tx`, async (job) => {
      seen.push(job.idempotencyKey);
    });
    await database.db
      .transaction(async (tx) => {
        await queue.enqueue({ queue: `${kind}-tx`, name: 'x', payload: {}, idempotencyKey: `${kind}-rolled-back` }, tx);
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await queue.enqueue({ queue: `${kind}-tx`, name: 'x', payload: {}, idempotencyKey: `${kind}-committed` }, tx);
    });
    await queue.idle(20_000);
    await queue.close();
    expect(seen).toEqual([`${kind}-committed`]);
  });

  it.skipIf(Boolean(skipReason))('loses and repeats nothing when the worker is restarted mid-batch', async () => {
    const total = 60;
    const done = new Map<number, number>();
    const handler = (delayMs: number) => async (job: Job) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const n = job.payload.n as number;
      done.set(n, (done.get(n) ?? 0) + 1);
    };
    // The first worker is slow enough that it is still mid-batch when closed, even on a loaded machine.
    const first = await start(`${kind}-restart`, handler(40), 2);
    for (let n = 0; n < total; n += 1) {
      await first.enqueue({
        queue: `${kind}-restart`,
        name: 'count',
        payload: { n },
        idempotencyKey: `${kind}-r-${n}`,
      });
    }
    while (done.size < 10) await new Promise((resolve) => setTimeout(resolve, 10));
    await first.close();
    expect(done.size).toBeLessThan(total);
    const second = await start(`${kind}-restart`, handler(5), 2);
    await second.idle(30_000);
    await second.close();
    expect(done.size).toBe(total);
    expect([...done.values()].every((count) => count === 1)).toBe(true);
  });

  it.skipIf(Boolean(skipReason))('runs a scheduled job at its interval, each run its own job', async () => {
    const runs: Job[] = [];
    const queue = makeQueue(database);
    queue.handle(`${kind}-scheduled`, async (job) => {
      runs.push(job);
    });
    queue.schedule({ queue: `${kind}-scheduled`, name: 'tick', everyMs: 300 });
    queue.startRelay();
    await queue.startProcessing();
    await waitFor(() => runs.length >= 2);
    await queue.close();
    expect(runs.every((job) => job.name === 'tick' && Object.keys(job.payload).length === 0)).toBe(true);
    expect(new Set(runs.map((job) => job.idempotencyKey)).size).toBe(runs.length);
  });

  it.skipIf(Boolean(skipReason))('reports its health', async () => {
    const queue = makeQueue(database);
    const health = await queue.health();
    await queue.close();
    expect(health).toMatchObject({ kind, ok: true });
  });
});

const keyOf = (job: Pick<JobDefinition, 'queue' | 'name'>) => `${job.queue}/${job.name}`;

describe('every registered job has a sample in the job contract', () => {
  it('names each job once, with a sample', () => {
    const keys = JOBS.map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(Object.keys(JOB_SAMPLES).sort());
  });
});

/** A delivered job as the queue handed it over, and how its handler ended. */
interface Delivery {
  job: Job;
  handler: JobHandler;
  error?: unknown;
}

describe.each(adapters)('job contract: every registered job through the %s adapter', (kind, makeQueue, skipReason) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  const deliveries: Delivery[] = [];
  const deliveriesOf = (key: string) => deliveries.filter((delivery) => delivery.job.idempotencyKey === key);

  beforeAll(async () => {
    if (skipReason) return;
    smtp = await startTestSmtpServer();
    // The schedules stay out of the way: the scheduled jobs run here when the test asks for them.
    t = await createTestApp({ DUE_TASKS_SCAN_SECONDS: '86400' }, { smtpUrl: smtp.url });
    await t.ctx.queue.close();
    const queue = makeQueue(t.ctx.database);
    // Each delivery is recorded with the handler that ran it, so a test can hand the same job over again.
    const handle = queue.handle.bind(queue);
    queue.handle = (name, handler, options) =>
      handle(
        name,
        async (job) => {
          const delivery: Delivery = { job, handler };
          deliveries.push(delivery);
          try {
            await handler(job);
          } catch (error) {
            delivery.error = error;
            throw error;
          }
        },
        options,
      );
    t.ctx.queue = queue;
    registerJobs(t.ctx);
    queue.startRelay();
    await queue.startProcessing();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    if (kind === 'bullmq' && !skipReason) await deleteRedisKeys(redisUrl, prefix);
  });

  it.skipIf(Boolean(skipReason)).each(JOBS.map((job) => [keyOf(job), job] as const))(
    '%s: runs with its payload, changes nothing when handed over again, fails a refused payload at once',
    async (key, job) => {
      const sample = JOB_SAMPLES[key]!;
      const tag = `${kind}-${key.replace('/', '-')}`;
      const scene = await sample.arrange(t, smtp, tag);
      const before = await scene.effect();

      await t.ctx.queue.enqueue(jobRequest(job, scene.payload, `${tag}-good`));
      await t.ctx.queue.idle(30_000);
      const [delivered, ...more] = deliveriesOf(`${tag}-good`);
      expect(more).toEqual([]);
      expect(delivered!.error).toBeUndefined();
      expect(delivered!.job).toMatchObject({ queue: job.queue, name: job.name, payload: scene.payload, attempt: 1 });
      const once = await scene.effect();
      expect(once).not.toEqual(before);

      // At least once: the queue may hand the same job over again (a crash after the work, before the mark).
      await delivered!.handler(delivered!.job);
      await t.ctx.queue.idle(30_000);
      expect(await scene.effect()).toEqual(once);

      // A payload its schema refuses is not written, and one that reaches the queue anyway fails at its first run.
      expect(() => jobRequest(job, sample.bad, `${tag}-bad`)).toThrow(RefusedJobError);
      await t.ctx.queue.enqueue({
        queue: job.queue,
        name: job.name,
        payload: sample.bad,
        idempotencyKey: `${tag}-bad`,
      });
      await t.ctx.queue.idle(30_000);
      await waitFor(() => deliveriesOf(`${tag}-bad`).length > 0);
      const refused = deliveriesOf(`${tag}-bad`);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.error).toBeInstanceOf(RefusedJobError);
      expect(await scene.effect()).toEqual(once);
    },
  );
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
