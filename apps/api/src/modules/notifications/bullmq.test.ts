import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { notifications, outbox } from '@rope/db/schema/index';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  damageUntilHealthBelow,
  deleteRedisKeys,
  REDIS_URL,
  redisUnreachable,
  watchedPlace,
} from '../../../test/support/notifications.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import type { AppContext } from '../../context.ts';
import { createBullmqQueue } from '../../infra/queue/bullmq.ts';
import { registerJobs } from '../../jobs/registry.ts';

const skipReason = await redisUnreachable();
const timings = { pollMs: 50, backoffMs: 50, lockMs: 10_000 };
const prefix = `rope-test-${randomBytes(4).toString('hex')}`;

/** A port nothing listens on: Redis "stopped" without touching the machine's Redis. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The jobs of a worker process, running against the real Redis with this test's key prefix. */
async function startWorker(ctx: AppContext) {
  const worker = { ...ctx, queue: createBullmqQueue(ctx.db, REDIS_URL, { timings, prefix }) };
  registerJobs(worker);
  worker.queue.startRelay();
  await worker.queue.startProcessing();
  return worker.queue;
}

describe.skipIf(Boolean(skipReason))(
  `notifications through BullMQ${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let inline: AppContext['queue'];
    beforeAll(async () => {
      smtp = await startTestSmtpServer();
      t = await createTestApp({ PUBLIC_URL: 'https://cockpit.example.com' }, { smtpUrl: smtp.url });
      inline = t.ctx.queue;
    });
    afterEach(() => {
      t.ctx.queue = inline;
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
      await deleteRedisKeys(REDIS_URL, prefix);
    });

    const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email.toLowerCase()));

    it('a damage event that pushes a rope below the threshold: one notification, one mail per recipient', async () => {
      const queue = await startWorker(t.ctx);
      t.ctx.queue = queue;
      try {
        const { place, editor, alice } = await watchedPlace(t, { editorToo: true });
        await damageUntilHealthBelow(t, place.rope.id, editor.cookie, 50);
        await queue.idle(30_000);
        await Promise.all([smtp.waitFor(alice.email), smtp.waitFor(editor.email)]);
        const rows = await t.ctx.db
          .select()
          .from(notifications)
          .where(eq(notifications.installationId, place.installation.id));
        expect(rows.map((row) => row.type)).toEqual(['ropeHealth']);
        expect(mailsTo(alice.email)).toHaveLength(1);
        expect(mailsTo(editor.email)).toHaveLength(1);
      } finally {
        await queue.close();
      }
    });

    it('with Redis stopped the API answers reads and saves events; the notifications go out when it returns', async () => {
      const down = createBullmqQueue(t.ctx.db, `redis://127.0.0.1:${await closedPort()}`, { timings, prefix });
      down.startRelay();
      t.ctx.queue = down;
      const { place, editor, alice } = await watchedPlace(t, { editorToo: true });
      await damageUntilHealthBelow(t, place.rope.id, editor.cookie, 50);
      const reads = [
        '/api/areas',
        `/api/installations/${place.installation.id}/notifications`,
        `/api/ropes/${place.rope.id}`,
      ];
      for (const url of reads) {
        expect((await t.app.inject({ method: 'GET', url, headers: { cookie: editor.cookie } })).statusCode).toBe(200);
      }
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'degraded' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const waiting = await t.ctx.db
        .select()
        .from(outbox)
        .where(and(isNull(outbox.dispatchedAt), eq(outbox.queue, 'notifications')));
      expect(waiting.length).toBeGreaterThan(0);
      expect(mailsTo(alice.email)).toEqual([]);

      const back = await startWorker(t.ctx);
      try {
        await Promise.all([
          smtp.waitFor(alice.email, undefined, 30_000),
          smtp.waitFor(editor.email, undefined, 30_000),
        ]);
        await back.idle(30_000);
        expect(mailsTo(alice.email)).toHaveLength(1);
        expect(
          await t.ctx.db.select().from(notifications).where(eq(notifications.installationId, place.installation.id)),
        ).toHaveLength(1);
      } finally {
        await back.close();
        await down.close();
      }
    });
  },
);
