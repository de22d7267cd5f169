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
// the process, or kept a query waiting forever (upstream issues 1154, 1208).
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
});
