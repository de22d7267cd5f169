import { outbox } from '@rope/db/schema/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { pruneOutbox } from './outbox.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('outbox retention', () => {
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
});
