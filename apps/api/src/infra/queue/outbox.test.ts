import { queryRows } from '@rope/db/client';
import { outbox } from '@rope/db/schema/index';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { pruneOutbox, writeToOutbox } from './outbox.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deletes jobs handed over 30 days ago or given up 90 days ago, and keeps everything else', async () => {
    const row = (key: string, extra: Partial<typeof outbox.$inferInsert>) => ({
      queue: 'prune-test',
      name: 'count',
      payload: {},
      idempotencyKey: key,
      ...extra,
    });
    await t.ctx.db
      .insert(outbox)
      .values([
        row('old-dispatched', { dispatchedAt: daysAgo(31), createdAt: daysAgo(31) }),
        row('recent-dispatched', { dispatchedAt: daysAgo(29) }),
        row('old-failed', { failedAt: daysAgo(91) }),
        row('recent-failed', { failedAt: daysAgo(60) }),
        row('old-pending', { createdAt: daysAgo(200), availableAt: daysAgo(200) }),
      ]);
    expect(await pruneOutbox(t.ctx.db)).toBe(2);
    const left = await t.ctx.db.select({ key: outbox.idempotencyKey }).from(outbox);
    expect(left.map((entry) => entry.key).sort()).toEqual(['old-pending', 'recent-dispatched', 'recent-failed']);
    expect(await pruneOutbox(t.ctx.db)).toBe(0);
  });

  it('writes several jobs in one statement: each with its own attempts and delay, a key written before adds nothing', async () => {
    const job = (key: string, extra: { maxAttempts?: number; delayMs?: number } = {}) => ({
      queue: 'batch-test',
      name: 'count',
      payload: { key },
      idempotencyKey: key,
      ...extra,
    });
    await writeToOutbox(t.ctx.db, job('batch-a'));
    await writeToOutbox(t.ctx.db, [
      job('batch-a', { maxAttempts: 9 }),
      job('batch-b', { maxAttempts: 8 }),
      job('batch-c', { delayMs: 60_000 }),
    ]);
    await writeToOutbox(t.ctx.db, []);
    const rows = await queryRows<{ key: string; attempts: number; payload: { key: string }; delayed: boolean }>(
      t.ctx.db,
      sql`select idempotency_key as key, max_attempts as attempts, payload,
                 available_at > now() + interval '50 seconds' as delayed
          from outbox where queue = 'batch-test' order by idempotency_key`,
    );
    expect(rows).toEqual([
      { key: 'batch-a', attempts: 5, payload: { key: 'batch-a' }, delayed: false },
      { key: 'batch-b', attempts: 8, payload: { key: 'batch-b' }, delayed: false },
      { key: 'batch-c', attempts: 5, payload: { key: 'batch-c' }, delayed: true },
    ]);
  });
});
