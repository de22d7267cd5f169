import postgres from 'postgres';
import { describe, expect, it } from 'vitest';

const url = process.env.DATABASE_URL;
const skipReason = url ? undefined : 'needs DATABASE_URL (the postgres.js driver)';

/**
 * What a query answers within `ms`: 'ok', the error code it failed with, or 'no answer'. The bound tells a hang from
 * an answer, not a speed: on a busy machine a starved test process runs its timer before it reads the answer that
 * came in meanwhile, so the bound is far above any answer's time.
 */
function settled(query: Promise<unknown>, ms = 20_000) {
  return Promise.race([
    query.then(
      () => 'ok',
      (error: { code?: string }) => error.code,
    ),
    new Promise((resolve) => setTimeout(() => resolve('no answer'), ms)),
  ]);
}

// postgres.js 3.4.9 is patched (patches/postgres@3.4.9.patch): a connection that died threw from a timer, which ended
// the process, or kept a query waiting forever (upstream issues 1154, 1208); a reserved connection that died went back
// to the pool dead, its handle could still send on the slot connected again, and its last error failed the next query.
describe.skipIf(!url)(`the patched postgres.js driver${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('fails the queries of a connection whose server process ended, and never hangs on it', async () => {
    const sql = postgres(url!, { max: 2, onnotice: () => {} });
    const killer = postgres(url!, { max: 1, onnotice: () => {} });
    try {
      const reserved = await sql.reserve();
      const [row] = await reserved`select pg_backend_pid() as pid`;
      await killer`select pg_terminate_backend(${row!.pid})`;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect(await settled(reserved`select 1`)).toMatch(/^(CONNECTION_CLOSED|ECONNRESET|57P01)$/);
      }
      reserved.release();
      // The pool recovers: a later query gets a fresh connection.
      let answer: unknown;
      for (let attempt = 0; attempt < 3 && answer !== 'ok'; attempt += 1) answer = await settled(sql`select 1`);
      expect(answer).toBe('ok');
    } finally {
      await sql.end({ timeout: 1 });
      await killer.end({ timeout: 1 });
    }
  }, 150_000);

  it('gives nothing back to the pool when a reserved connection died: a pool of two serves after three such deaths', async () => {
    const sql = postgres(url!, { max: 2, onnotice: () => {} });
    const killer = postgres(url!, { max: 1, onnotice: () => {} });
    try {
      for (let death = 0; death < 3; death += 1) {
        // Unpatched, release() put the dead connection among the open ones: two deaths left none, and reserve hung.
        const reserved = await Promise.race([sql.reserve(), sleep(20_000).then(() => undefined)]);
        expect(reserved, `reserve after ${death} deaths`).toBeDefined();
        const [row] = await reserved!`select pg_backend_pid() as pid`;
        // Ended while a statement runs: the server's error comes before the close, as when PostgreSQL stops.
        const running = settled(reserved!`select pg_sleep(10)`);
        await killer`select pg_terminate_backend(${row!.pid})`;
        expect(await running).toMatch(/^(57P01|ECONNRESET)$/);
        // It fails at once, never waits: with CONNECTION_CLOSED once the socket's close is seen, or, sent in the moment
        // between the server's last error and the close (wider on a busy machine), with that error.
        expect(await settled(reserved!`rollback`)).toMatch(/^(CONNECTION_CLOSED|57P01|ECONNRESET)$/);
        reserved!.release();
        // Unpatched, that error stayed behind and failed the first query on the connection made again.
        expect(await settled(sql`select 1`)).toBe('ok');
        expect(await settled(sql`select 1`)).toBe('ok');
      }
    } finally {
      await sql.end({ timeout: 1 });
      await killer.end({ timeout: 1 });
    }
  }, 150_000);

  it("never runs a dead reserved connection's statement on the connection made again for another query", async () => {
    const table = `driver_revived_${process.pid}_${Date.now()}`;
    const sql = postgres(url!, { max: 1, onnotice: () => {} });
    const killer = postgres(url!, { max: 1, onnotice: () => {} });
    try {
      await killer`create table ${killer(table)} (a int)`;
      const reserved = await sql.reserve();
      const [row] = await reserved`select pg_backend_pid() as pid`;
      // Waits for the only connection; when the reserved one closes, the pool connects it again for this query.
      const waiting = sql`select pg_backend_pid() as pid`;
      await killer`select pg_terminate_backend(${row!.pid})`;
      const [revived] = await waiting;
      expect(revived!.pid).not.toBe(row!.pid);
      // Unpatched, this insert ran outside the reserved transaction, on the connection now serving someone else.
      expect(await settled(reserved`insert into ${sql(table)} values (1)`)).toBe('CONNECTION_CLOSED');
      reserved.release();
      expect(await killer`select count(*)::int as n from ${killer(table)}`).toEqual([{ n: 0 }]);
      expect(await settled(sql`select 1`)).toBe('ok');
    } finally {
      await killer`drop table if exists ${killer(table)}`;
      await sql.end({ timeout: 1 });
      await killer.end({ timeout: 1 });
    }
  }, 150_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
