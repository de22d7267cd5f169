// Rule evaluations per second: one BullMQ worker (outbox -> relay -> Redis -> worker) against the inline path
// (outbox -> in-process pump), on the same database in the same run. Each round writes a batch of triggers to the
// outbox, then times one arm until the batch is processed; the arms alternate and the rates are over all rounds.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench notifications  (DATABASE_URL=... for PostgreSQL, else PGlite;
// REDIS_URL, default redis://127.0.0.1:6379)
import { randomBytes } from 'node:crypto';
import { installations, notifications, ropes } from '@rope/db/schema/index';
import type { NotificationSettings } from '@rope/domain/notifications/schemas';
import { count } from 'drizzle-orm';
import { createBullmqQueue } from '../../apps/api/src/infra/queue/bullmq.ts';
import { readPayload } from '../../apps/api/src/infra/queue/define.ts';
import { createInlineQueue } from '../../apps/api/src/infra/queue/inline.ts';
import type { Queue } from '../../apps/api/src/infra/queue/types.ts';
import { enqueueEventTrigger, enqueueHealthTrigger } from '../../apps/api/src/modules/notification-triggers/index.ts';
import { evaluateTrigger } from '../../apps/api/src/modules/notifications/evaluate.ts';
import { evaluateRulesJob } from '../../apps/api/src/modules/notifications/evaluate-rules-job.ts';
import { deleteRedisKeys, redisUnreachable } from '../../apps/api/test/support/notifications.ts';
import { createTestApp } from '../../apps/api/test/support/test-app.ts';
import { generateHierarchy } from './dataset.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 9);
const BATCH = Number(process.env.BATCH ?? 300);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `rope-bench-${randomBytes(4).toString('hex')}`;
const timings = { pollMs: 5 };

const redisMissing = await redisUnreachable(redisUrl);
if (redisMissing) {
  console.error(`${redisMissing}: the BullMQ arm needs it`);
  process.exit(1);
}

const t = await createTestApp();
try {
  const started = performance.now();
  await generateHierarchy(t.ctx.db);
  const settings: NotificationSettings = {
    channels: [],
    users: [],
    rules: [
      { type: 'ropeHealth', threshold: 50, reset: true },
      { type: 'damage', reset: true },
    ],
  };
  await t.ctx.db.update(installations).set({ notificationSettings: settings });
  const stored = await t.ctx.db.select({ id: ropes.id, damages: ropes.damages }).from(ropes);
  const ropeIds = stored.map((row) => row.id);
  // A health change carries the health the rope's damage now holds, as the write that changed it hands over.
  const healthOf = new Map(stored.map((row) => [row.id, row.damages?.health ?? null]));
  console.log(`data set: ${t.ctx.database.kind}, generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const concurrency = t.ctx.env.QUEUE_CONCURRENCY;

  let eventId = 0;
  /** Half new damage events, half health changes, spread over the 2,000 ropes. */
  async function writeBatch(queue: Queue) {
    await t.ctx.db.transaction(async (tx) => {
      for (let n = 0; n < BATCH; n += 1) {
        eventId += 1;
        const ropeId = ropeIds[(eventId * 7919) % ropeIds.length]!;
        if (n % 2) await enqueueHealthTrigger(tx, { queue }, ropeId, healthOf.get(ropeId) ?? null);
        else await enqueueEventTrigger(tx, { queue }, { id: eventId, ropeId, recordingType: 'damage', type: 'wear' });
      }
    });
  }

  async function runArm(queue: Queue, kind: 'inline' | 'bullmq'): Promise<number> {
    const ctx = { db: t.ctx.db, queue, env: t.ctx.env };
    queue.handle(evaluateRulesJob.queue, (job) => evaluateTrigger(ctx, readPayload(evaluateRulesJob, job.payload)), {
      concurrency,
    });
    if (kind === 'bullmq') await queue.startProcessing();
    await writeBatch(queue);
    const start = performance.now();
    if (kind === 'bullmq') queue.startRelay();
    else await queue.startProcessing();
    await queue.idle(300_000);
    const seconds = (performance.now() - start) / 1000;
    await queue.close();
    return seconds;
  }

  const arms = {
    inline: () => runArm(createInlineQueue(t.ctx.db, { timings }), 'inline'),
    bullmq: () => runArm(createBullmqQueue(t.ctx.db, redisUrl, { timings, prefix }), 'bullmq'),
  };
  await arms.inline();
  await arms.bullmq();
  // Throughput over the whole run: every trigger of every round counts once (a median of rounds hides slow ones).
  const seconds = { inline: [] as number[], bullmq: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    seconds.inline.push(await arms.inline());
    seconds.bullmq.push(await arms.bullmq());
  }
  const rate = (times: number[]) => (BATCH * times.length) / times.reduce((sum, value) => sum + value, 0);
  const spread = (times: number[]) =>
    `${(BATCH / Math.max(...times)).toFixed(0)}-${(BATCH / Math.min(...times)).toFixed(0)}/s`;
  const [written] = await t.ctx.db.select({ n: count() }).from(notifications);
  console.log(
    `rule evaluations per second, one worker at concurrency ${concurrency}: BullMQ ${rate(seconds.bullmq).toFixed(0)}/s ` +
      `(rounds ${spread(seconds.bullmq)}), inline ${rate(seconds.inline).toFixed(0)}/s (rounds ${spread(seconds.inline)}); ` +
      `BullMQ/inline ${(rate(seconds.bullmq) / rate(seconds.inline)).toFixed(2)}x ` +
      `(all of ${ROUNDS} rounds of ${BATCH} triggers each; ${written!.n} notifications written)`,
  );
} finally {
  await t.close();
  await deleteRedisKeys(redisUrl, prefix);
}
