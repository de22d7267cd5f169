import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queryRows } from '@rope/db/client';
import { createTestDatabase } from '@rope/db/test-database';
import type { StartedProcess } from '@rope/server-runner';
import { Queue as BullQueue } from 'bullmq';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobRequest } from '../../src/infra/queue/define.ts';
import { writeToOutbox } from '../../src/infra/queue/outbox.ts';
import { sendMailJob } from '../../src/mail/send-mail-job.ts';
import { FAULT_LENGTHS } from './lengths.ts';
import { missingPrograms, missingServerDatabase, waitFor } from './machine.ts';
import { createOutboxReader } from './outbox-mails.ts';
import { type PrivateRedis, REDIS_PROGRAMS, startPrivateRedis } from './private-redis.ts';
import { killHard, startWorker } from './processes.ts';

const skipReason = missingServerDatabase() ?? missingPrograms(REDIS_PROGRAMS);
const JOBS = FAULT_LENGTHS.workerJobs;
const CONCURRENCY = 2;
const MAX_KILLS = FAULT_LENGTHS.workerKills;
// One chunk per worker life at most, so every job is written before the last kill.
const CHUNKS = Math.min(10, MAX_KILLS);

describe.skipIf(Boolean(skipReason))(
  `a worker killed again and again during ${JOBS} jobs${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    // Made by the test, not while the file is collected: a skipped test would leave it behind.
    let dataDir: string | undefined;
    let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    let redis: PrivateRedis | undefined;
    let worker: StartedProcess | undefined;
    afterAll(async () => {
      if (worker) await killHard(worker);
      await redis?.destroy();
      await database?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('loses no job; a repeat is only a job that was running at a kill, sent again with the same Message-ID', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'rope-fault-worker-'));
      dataDir = folder;
      database = await createTestDatabase();
      redis = await startPrivateRedis();
      // The jobs arrive in chunks while the workers come and go, so kills also land while a worker hands rows to Redis.
      let written = 0;
      const writeChunk = () =>
        database!.db.transaction(async (tx) => {
          for (const end = written + JOBS / CHUNKS; written < end; written += 1) {
            const mail = { to: `reader${written}@faults.test`, subject: `Job ${written}`, text: `Mail ${written}` };
            await writeToOutbox(tx, jobRequest(sendMailJob, mail, `fault-mail:${written}`));
          }
        });
      const outboxState = async () => {
        const [state] = await queryRows<{ waiting: number; failed: number }>(
          database!.db,
          sql`select count(*) filter (where dispatched_at is null)::int as waiting,
                     count(*) filter (where failed_at is not null)::int as failed from outbox`,
        );
        return state;
      };
      const claimedByTheDead = async () => {
        const [row] = await queryRows<{ n: number }>(
          database!.db,
          sql`select count(*)::int as n from outbox where dispatched_at is null and locked_until > now()`,
        );
        return Number(row?.n ?? 0);
      };
      const env = {
        DATABASE_URL: database.url!,
        REDIS_URL: redis.url,
        DATA_DIR: folder,
        QUEUE_CONCURRENCY: String(CONCURRENCY),
        LOG_LEVEL: 'info',
      };
      const outbox = createOutboxReader(join(folder, 'outbox'));
      const distinctDone = () => new Set(outbox.read().map((mail) => mail.subject)).size;

      let kills = 0;
      let killsMidHandOver = 0;
      worker = startWorker(env);
      while (kills < MAX_KILLS) {
        const current = worker;
        await waitFor('the worker to start', () => current.output().includes('worker started'), 60_000);
        if (written < JOBS) await writeChunk();
        await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 1000));
        await killHard(current);
        kills += 1;
        if ((await claimedByTheDead()) > 0) killsMidHandOver += 1;
        worker = startWorker(env);
      }
      expect(written).toBe(JOBS);
      // The last worker finishes; a killed worker's running jobs come back when their lock in Redis runs out (30 s).
      await waitFor(`all ${JOBS} mails`, () => distinctDone() === JOBS, 120_000).catch(async (error: Error) => {
        const [state] = await queryRows(
          database!.db,
          sql`select count(*) filter (where dispatched_at is null)::int as waiting,
                   count(*) filter (where locked_until > now())::int as locked from outbox`,
        );
        throw new Error(`${error.message}: ${distinctDone()} done, outbox ${JSON.stringify(state)}, ${kills} kills`);
      });

      // A worker killed between handing a row to Redis and marking it handed over leaves it waiting: the next hand-over,
      // once the claim's 10 s are past, finds its job in Redis already and only marks the row (no second run).
      await waitFor('the outbox to be empty', async () => (await outboxState())?.waiting === 0, 30_000);
      // Every mail can be out while a job a killed worker was running still shows as active: its mail went out before
      // the kill, and BullMQ gives the job to another worker only when its lock runs out (30 s). Then it is run again.
      const mailQueue = new BullQueue('mail', { connection: { url: redis.url }, prefix: 'rope' });
      let counts: Record<string, number> = {};
      await waitFor(
        `BullMQ to complete all ${JOBS} jobs`,
        async () => {
          counts = await mailQueue.getJobCounts('failed', 'waiting', 'active', 'completed');
          return counts.completed === JOBS || (counts.failed ?? 0) > 0;
        },
        90_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}: ${JSON.stringify(counts)}`);
      });
      await mailQueue.close();
      const mails = outbox.read();
      const idsBySubject = new Map<string, Set<string>>();
      for (const mail of mails)
        idsBySubject.set(mail.subject, (idsBySubject.get(mail.subject) ?? new Set()).add(mail.messageId));
      expect([...idsBySubject.keys()].sort()).toEqual(Array.from({ length: JOBS }, (_, n) => `Job ${n}`).sort());
      // A repeat carries its job's Message-ID, so mail servers and clients fold it into the first.
      expect([...idsBySubject.values()].every((ids) => ids.size === 1)).toBe(true);
      expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(JOBS);
      const repeats = mails.length - JOBS;
      // At most the jobs each killed worker was running at that moment.
      expect(repeats).toBeLessThanOrEqual(kills * CONCURRENCY);
      console.info(
        `worker killed ${kills} times during ${JOBS} jobs (${killsMidHandOver} while handing rows to Redis): ${repeats} mails repeated`,
      );

      expect(await outboxState()).toEqual({ waiting: 0, failed: 0 });
      expect(counts).toMatchObject({ failed: 0, waiting: 0, active: 0, completed: JOBS });
    }, 300_000);
  },
);
