import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './test-database.ts';

// postgres.js 3.4.9 never settled a COPY the server refused after the last row (porsager/postgres#1173): the
// transaction hung without its ROLLBACK and kept its connection. patches/postgres@3.4.9.patch carries the fix of
// porsager/postgres#1183; sensor ingestion copies its batches and relies on it.
const skipNote = process.env.DATABASE_URL ? '' : ' (skipped: needs DATABASE_URL, a PostgreSQL server)';

describe.skipIf(!process.env.DATABASE_URL)(`COPY through postgres.js on PostgreSQL${skipNote}`, () => {
  it('rejects a refused COPY in a transaction, rolls it back and keeps the connection usable', async () => {
    const database = await createTestDatabase();
    try {
      const client = database.postgres!;
      await client`create table copy_probe (id int primary key)`;
      const copy = client.begin(async (tx) => {
        await tx`insert into copy_probe values (1)`;
        await pipeline(Readable.from(['2\n1\n']), await tx`copy copy_probe from stdin`.writable());
      });
      await expect(copy).rejects.toMatchObject({ code: '23505' });
      expect(await client`select id from copy_probe`).toEqual([]);
      expect(
        await client`select count(*)::int as n from pg_stat_activity where state like 'idle in transaction%'
        and datname = current_database()`,
      ).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
  }, 20_000);
});
