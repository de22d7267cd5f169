import { randomBytes } from 'node:crypto';
import type { Database } from '@rope/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SAMPLES } from '../../test/support/job-samples.ts';
import { deleteRedisKeys, redisUnreachable } from '../../test/support/notifications.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/support/smtp-server.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import { createBullmqQueue } from '../infra/queue/bullmq.ts';
import { type JobDefinition, jobRequest } from '../infra/queue/define.ts';
import { createInlineQueue } from '../infra/queue/inline.ts';
import { type Job, type JobHandler, type Queue, RefusedJobError } from '../infra/queue/types.ts';
import { JOBS, registerJobs } from './registry.ts';

// The queue adapters' own contract is infra/queue/queue.contract.test.ts; this one runs every registered job.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisMissing = await redisUnreachable(redisUrl);

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
