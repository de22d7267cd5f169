import { randomBytes } from 'node:crypto';
import type { Database } from '@rope/db/client';
import { outbox } from '@rope/db/schema/index';
import { createTestDatabase } from '@rope/db/test-database';
import { inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys } from '../../../test/support/notifications.ts';
import { createBullmqQueue } from './bullmq.ts';
import { createInlineQueue } from './inline.ts';
import { type Job, type Queue, RefusedJobError } from './types.ts';

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
/** The queues' keys in Redis go with the file: this file's prefix and those of its own sites. */
afterAll(async () => {
  if (redisMissing) return;
  for (const own of ['', '-site-a', '-site-b', '-restored', '-log']) await deleteRedisKeys(redisUrl, `${prefix}${own}`);
});
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

  it.skipIf(Boolean(skipReason))(
    'runs a batch of two queues enqueued in one transaction, each job once, all marked handed over',
    async () => {
      const seen: string[] = [];
      const queue = makeQueue(database);
      for (const name of [`${kind}-batch-a`, `${kind}-batch-b`])
        queue.handle(name, async (job) => {
          seen.push(job.idempotencyKey);
        });
      queue.startRelay();
      await queue.startProcessing();
      const keys = Array.from({ length: 40 }, (_, n) => `${kind}-batch-${n}`);
      await database.db.transaction(async (tx) => {
        for (const [n, key] of keys.entries())
          await queue.enqueue(
            { queue: `${kind}-batch-${n % 2 ? 'b' : 'a'}`, name: 'x', payload: { n }, idempotencyKey: key },
            tx,
          );
      });
      await queue.idle(20_000);
      await queue.close();
      expect(seen.sort()).toEqual([...keys].sort());
      const rows = await database.db
        .select({ dispatchedAt: outbox.dispatchedAt, lockedUntil: outbox.lockedUntil })
        .from(outbox)
        .where(inArray(outbox.idempotencyKey, keys));
      expect(rows).toHaveLength(keys.length);
      expect(rows.every((row) => row.dispatchedAt !== null && row.lockedUntil === null)).toBe(true);
    },
  );

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

  it.skipIf(Boolean(skipReason))(
    'takes what a rate limit allows in its window, says when to ask again, and shares the count (BullMQ: over workers)',
    async () => {
      const queue = makeQueue(database);
      const other = makeQueue(database);
      const limit = { max: 3, durationMs: 2000 };
      const key = `${kind}-rate-${randomBytes(3).toString('hex')}`;
      expect(await queue.take(key, 2, limit)).toEqual({ granted: 2, retryInMs: 0 });
      expect(await queue.take(key, 5, limit)).toEqual({ granted: 1, retryInMs: 0 });
      const refused = await queue.take(key, 1, limit);
      expect(refused.granted).toBe(0);
      expect(refused.retryInMs).toBeGreaterThan(0);
      expect(refused.retryInMs).toBeLessThanOrEqual(limit.durationMs);
      // Another process's queue: the same window in Redis; inline, each process paces itself.
      expect((await other.take(key, 1, limit)).granted).toBe(kind === 'bullmq' ? 0 : 1);
      await new Promise((resolve) => setTimeout(resolve, refused.retryInMs + 50));
      expect(await queue.take(key, 5, limit)).toEqual({ granted: 3, retryInMs: 0 });
      await Promise.all([queue.close(), other.close()]);
    },
  );

  it.skipIf(Boolean(skipReason))('reports its health', async () => {
    const queue = makeQueue(database);
    const health = await queue.health();
    await queue.close();
    expect(health).toMatchObject({ kind, ok: true });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('inline adapter at the start of the embedded server', () => {
  it('has asked for the scheduled jobs when processing starts, so idle() waits for them and the jobs they ask for', async () => {
    const database = await createTestDatabase();
    const queue = createInlineQueue(database.db, { timings });
    const mails: number[] = [];
    queue.handle('start-scan', async () => {
      for (let index = 0; index < 5; index++)
        await queue.enqueue({
          queue: 'start-mail',
          name: 'mail',
          payload: { index },
          idempotencyKey: `start-mail:${index}`,
        });
    });
    queue.handle('start-mail', async (job) => {
      mails.push(Number(job.payload.index));
    });
    queue.schedule({ queue: 'start-scan', name: 'scan', everyMs: 3_600_000 });
    try {
      await queue.startProcessing();
      await queue.idle(10_000);
      // The server prints its banner here: every line the start's jobs log has been written before it.
      expect(mails.sort()).toEqual([0, 1, 2, 3, 4]);
    } finally {
      await queue.close();
      await database.close();
    }
  });
});

describe.skipIf(Boolean(redisMissing))(
  `two cockpits on one Redis (QUEUE_PREFIX)${redisMissing ? ` (skipped: ${redisMissing})` : ''}`,
  () => {
    it('each runs only its own jobs', async () => {
      const [siteA, siteB] = [await createTestDatabase(), await createTestDatabase()];
      const ran: string[] = [];
      const queues = [siteA, siteB].map((database, index) => {
        const site = index === 0 ? 'a' : 'b';
        const queue = createBullmqQueue(database.db, redisUrl, { timings, prefix: `${prefix}-site-${site}` });
        queue.handle('shared-name', async (job) => {
          ran.push(`${site} ran ${String(job.payload.from)}`);
        });
        queue.startRelay();
        return queue;
      });
      try {
        await Promise.all(queues.map((queue) => queue.startProcessing()));
        await queues[0]!.enqueue({ queue: 'shared-name', name: 'job', payload: { from: 'a' }, idempotencyKey: 'a-1' });
        await queues[1]!.enqueue({ queue: 'shared-name', name: 'job', payload: { from: 'b' }, idempotencyKey: 'b-1' });
        await Promise.all(queues.map((queue) => queue.idle(15_000)));
        expect(ran.sort()).toEqual(['a ran a', 'b ran b']);
      } finally {
        await Promise.all(queues.map((queue) => queue.close()));
        await Promise.all([siteA.close(), siteB.close()]);
      }
    });

    it('runs the jobs of a restored or new database beside a Redis that kept the jobs of the same outbox ids', async () => {
      // A restore takes the outbox's id sequence back with its rows, and a new database starts it at 1 again; Redis
      // keeps finished jobs for a day, so a job id made of the row's id alone was taken for one it held and dropped.
      const sitePrefix = `${prefix}-restored`;
      const ran: string[] = [];
      for (const timeline of ['before the restore', 'after the restore']) {
        const database = await createTestDatabase();
        const queue = createBullmqQueue(database.db, redisUrl, { timings, prefix: sitePrefix });
        queue.handle('deliveries', async (job) => {
          ran.push(`${String(job.payload.timeline)} (outbox row ${job.id})`);
        });
        queue.startRelay();
        try {
          await queue.startProcessing();
          await queue.enqueue({
            queue: 'deliveries',
            name: 'send-mail',
            payload: { timeline },
            idempotencyKey: 'mail-1',
          });
          await queue.idle(15_000);
        } finally {
          await queue.close();
          await database.close();
        }
      }
      expect(ran).toEqual(['before the restore (outbox row 1)', 'after the restore (outbox row 1)']);
    });

    it('logs one line per job run: kind, id, attempt, result and duration, never the payload', async () => {
      const database = await createTestDatabase();
      const lines: { level: string; object: Record<string, unknown>; message: string }[] = [];
      const log = {
        info: (object: object, message: string) => lines.push({ level: 'info', object: { ...object }, message }),
        warn: (object: object, message: string) => lines.push({ level: 'warn', object: { ...object }, message }),
        error: (object: object, message: string) => lines.push({ level: 'error', object: { ...object }, message }),
      };
      const queue = createBullmqQueue(database.db, redisUrl, { timings, prefix: `${prefix}-log`, log });
      queue.handle('deliveries', async (job) => {
        if (job.payload.fail) throw new RefusedJobError('the address is not a mail address');
      });
      queue.startRelay();
      try {
        await queue.startProcessing();
        await queue.enqueue({
          queue: 'deliveries',
          name: 'send-mail',
          payload: { to: 'a@b.example', secret: 's3cr3t' },
          idempotencyKey: 'ok-1',
        });
        await queue.enqueue({
          queue: 'deliveries',
          name: 'send-mail',
          payload: { fail: true },
          idempotencyKey: 'refused-1',
        });
        await waitFor(() => lines.filter((line) => line.object.job === 'send-mail').length >= 2, 15_000);
        const done = lines.find((line) => line.object.result === 'done');
        const refused = lines.find((line) => line.object.result === 'refused');
        expect(done).toMatchObject({
          level: 'info',
          message: 'job done',
          object: { queue: 'deliveries', job: 'send-mail', attempt: 1 },
        });
        expect(done?.object.id).toEqual(expect.any(Number));
        expect(done?.object.ms).toEqual(expect.any(Number));
        expect(refused).toMatchObject({
          level: 'warn',
          object: { attempt: 1, reason: 'the address is not a mail address' },
        });
        expect(JSON.stringify(lines)).not.toContain('s3cr3t');
      } finally {
        await queue.close();
        await database.close();
      }
    });
  },
);
