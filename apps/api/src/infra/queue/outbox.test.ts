import { queryRows } from '@rope/db/client';
import { outbox } from '@rope/db/schema/index';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import {
  claimOutboxRows,
  claimStatement,
  countPending,
  countPendingStatement,
  pruneOutbox,
  writeToOutbox,
} from './outbox.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a statement's plan (`explain (format json)`), the statement not run. */
async function planNodes(db: TestApp['ctx']['db'], statement: SQL): Promise<PlanNode[]> {
  const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    db,
    sql`explain (format json) ${statement}`,
  );
  const plan = row!['QUERY PLAN'];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
  return nodes;
}

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

  it('claims and counts the waiting jobs through their own index, never reading the month of jobs handed over', async () => {
    // A busy site's month: rows handed over stay 30 days beside the few still waiting.
    await queryRows(
      t.ctx.db,
      sql`insert into outbox (queue, name, payload, idempotency_key, dispatched_at, created_at)
          select 'plan-test', 'count', '{}'::jsonb, 'plan-done-' || g, now() - g * interval '1 minute',
                 now() - g * interval '1 minute'
          from generate_series(1, 20000) as g`,
    );
    const waiting = (key: string) => ({ queue: 'plan-test', name: 'count', payload: { key }, idempotencyKey: key });
    await writeToOutbox(t.ctx.db, [waiting('plan-waiting-a'), waiting('plan-waiting-b')]);
    await queryRows(t.ctx.db, sql`analyze outbox`);
    const claim = claimStatement({ limit: 50, lockMs: 30_000, countAttempt: false });
    for (const statement of [claim, countPendingStatement(), countPendingStatement(['plan-test'], 60_000)]) {
      const nodes = await planNodes(t.ctx.db, statement);
      expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'outbox')).toEqual(
        [],
      );
    }
    for (const statement of [claim, countPendingStatement()]) {
      const indexes = (await planNodes(t.ctx.db, statement)).map((node) => node['Index Name']);
      expect(indexes).toContain('outbox_pending_index');
    }
    expect(await countPending(t.ctx.db, ['plan-test'])).toBe(2);
    const claimed = await claimOutboxRows(t.ctx.db, {
      queues: ['plan-test'],
      limit: 50,
      lockMs: 30_000,
      countAttempt: false,
    });
    expect(claimed.map((job) => job.idempotencyKey)).toEqual(['plan-waiting-a', 'plan-waiting-b']);
  });
});
