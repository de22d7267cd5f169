import { queryRows } from '@rope/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import type { Env } from '../env.ts';
import type { Schedule } from '../infra/queue/types.ts';
import { registerJobs } from '../jobs/registry.ts';
import { dueFor, maintainEmbeddedDatabase } from './embedded-maintenance.ts';
import { maintainEmbeddedDatabaseJob } from './embedded-maintenance-job.ts';

describe("the embedded database's vacuum and analysis", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const stats = async (name: string) =>
    (
      await queryRows<{ dead: number; changed: number; vacuums: number; analyses: number; estimate: number }>(
        t.ctx.db,
        sql`select s.n_dead_tup::int as dead, s.n_mod_since_analyze::int as changed, s.vacuum_count::int as vacuums,
                   s.analyze_count::int as analyses, c.reltuples::int as estimate
            from pg_stat_user_tables s join pg_class c on c.oid = s.relid
            where s.schemaname = 'public' and s.relname = ${name}`,
      )
    )[0]!;
  /** A table of `rows` rows, analysed, then changed by `change` in one transaction whose statistics are sent at once. */
  async function tableWith(name: string, rows: number, change: string[]) {
    const inOne = (statements: string[]) =>
      t.ctx.db.transaction(async (tx) => {
        for (const statement of statements) await tx.execute(sql.raw(statement));
        await tx.execute(sql`select pg_stat_force_next_flush()`);
      });
    await inOne([
      `create table ${name} (id int primary key, v int)`,
      `insert into ${name} select g, 0 from generate_series(1, ${rows}) g`,
    ]);
    await t.ctx.db.execute(sql.raw(`analyze ${name}`));
    await inOne(change);
  }

  it('follows autovacuum’s rules: 50 rows and a fifth of the live ones dead, 50 and a tenth changed', () => {
    expect(dueFor({ name: 'a', live: 1000, dead: 250, changed: 150 })).toEqual({ vacuum: false, analyse: false });
    expect(dueFor({ name: 'a', live: 1000, dead: 251, changed: 151 })).toEqual({ vacuum: true, analyse: true });
    expect(dueFor({ name: 'a', live: 0, dead: 51, changed: 50 })).toEqual({ vacuum: true, analyse: false });
  });

  it('vacuums and analyses the tables due, leaves the others, and finds nothing due after', async () => {
    // Every row updated twice: 2,000 dead rows. A fifth of the rows added: changed, nothing dead.
    await tableWith('maintained_churned', 1000, [
      'update maintained_churned set v = 1',
      'update maintained_churned set v = 2',
    ]);
    await tableWith('maintained_grown', 1000, [
      'insert into maintained_grown select g, 0 from generate_series(1001, 1200) g',
    ]);
    await tableWith('maintained_quiet', 1000, ['update maintained_quiet set v = 1 where id <= 10']);
    const before = { churned: await stats('maintained_churned'), grown: await stats('maintained_grown') };
    expect(before.churned.dead).toBeGreaterThanOrEqual(2000);
    expect(before.grown.estimate).toBe(1000);

    const done = await maintainEmbeddedDatabase(t.ctx.db);
    const mine = done.filter((entry) => entry.table.startsWith('maintained_'));
    expect(mine.map(({ ms: _ms, ...entry }) => entry)).toEqual([
      { table: 'maintained_churned', vacuumed: true, analysed: true },
      { table: 'maintained_grown', vacuumed: false, analysed: true },
    ]);
    const churned = await stats('maintained_churned');
    expect(churned.dead).toBe(0);
    expect(churned.vacuums).toBe(before.churned.vacuums + 1);
    // The planner knows of the rows added since the last analysis.
    expect((await stats('maintained_grown')).estimate).toBe(1200);
    const quiet = await stats('maintained_quiet');
    expect(quiet.vacuums).toBe(0);
    expect(quiet.analyses).toBe(1);

    expect((await maintainEmbeddedDatabase(t.ctx.db)).filter((entry) => entry.table.startsWith('maintained_'))).toEqual(
      [],
    );
  });

  it('is scheduled hourly in the embedded mode only: a server has autovacuum', () => {
    const schedules = (env: Partial<Env>) => {
      const asked: Schedule[] = [];
      const queue = { ...t.ctx.queue, handle: () => {}, schedule: (schedule: Schedule) => asked.push(schedule) };
      registerJobs({ ...t.ctx, env: { ...t.ctx.env, ...env } as Env, queue } as never);
      return asked.filter((schedule) => schedule.name === maintainEmbeddedDatabaseJob.name);
    };
    expect(schedules({ DATABASE_URL: undefined })).toMatchObject([{ queue: 'maintenance', everyMs: 3_600_000 }]);
    expect(schedules({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' })).toEqual([]);
  });
});
