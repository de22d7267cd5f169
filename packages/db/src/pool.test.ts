import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.ts';
import { DEFAULT_POOL_SIZE } from './pool.ts';
import { createTestDatabase } from './test-database.ts';

/** The PostgreSQL processes that answered `calls` queries sent at once, each sleeping long enough to overlap. */
async function backendsAnswering(url: string, maxConnections: number | undefined, calls: number) {
  const database = await openDatabase({ url, ...(maxConnections ? { maxConnections } : {}) });
  try {
    const answers = await Promise.all(
      Array.from({ length: calls }, () =>
        queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid from pg_sleep(0.02)`),
      ),
    );
    return { answered: answers.length, backends: new Set(answers.map(([row]) => row!.pid)).size };
  } finally {
    await database.close();
  }
}

const url = process.env.DATABASE_URL;
describe.skipIf(!url)('the connection pool of a process (PostgreSQL)', () => {
  it('keeps DEFAULT_POOL_SIZE connections unless told otherwise, and queues the rest behind them', async () => {
    const database = await createTestDatabase();
    try {
      expect(await backendsAnswering(database.url!, undefined, 40)).toEqual({
        answered: 40,
        backends: DEFAULT_POOL_SIZE,
      });
      expect(await backendsAnswering(database.url!, 2, 40)).toEqual({ answered: 40, backends: 2 });
    } finally {
      await database.close();
    }
  });
});
