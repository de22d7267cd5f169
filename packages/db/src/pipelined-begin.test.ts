import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const url = process.env.DATABASE_URL;
const skipReason = url ? undefined : 'needs DATABASE_URL (the postgres.js driver)';

/**
 * A TCP relay in front of PostgreSQL that notes who spoke in turn: 'c' when the client sent after the server (or
 * first), 's' the other way. A statement waited for costs a 'c' and an 's' each.
 */
async function startTurnCounter(target: URL) {
  const turns: string[] = [];
  const sockets = new Set<Socket>();
  const note = (who: string) => {
    if (turns.at(-1) !== who) turns.push(who);
  };
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => {
      note('c');
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      note('s');
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const relayed = new URL(target);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(port);
  relayed.search = '';
  return {
    url: relayed.toString(),
    /** The client's turns since the last call. */
    clientTurns() {
      const count = turns.filter((who) => who === 'c').length;
      turns.length = 0;
      return count;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// postgres.js 3.4.9 is patched (patches/postgres@3.4.9.patch): a plain transaction's first statements are written
// behind its begin instead of after the begin's answer, one round trip fewer per transaction.
describe.skipIf(!url?.startsWith('postgres'))(
  `a transaction's begin sent with its first statements${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let relay: Awaited<ReturnType<typeof startTurnCounter>>;
    let sql: postgres.Sql;
    const table = `pipelined_begin_${process.pid}`;
    beforeAll(async () => {
      relay = await startTurnCounter(new URL(url!));
      sql = postgres(relay.url, { max: 2, onnotice: () => {} });
      await sql.unsafe(`create table ${table} (id int primary key, value int not null)`);
    });
    afterAll(async () => {
      await sql.unsafe(`drop table if exists ${table}`);
      await sql.end({ timeout: 1 });
      await relay.close();
    });

    const count = async (db: postgres.Sql | postgres.TransactionSql = sql) =>
      Number((await db.unsafe(`select count(*)::int as n from ${table}`))[0]!.n);

    it('costs two round trips for a statement and its commit, not three', async () => {
      await sql`select 1`;
      await sql`select 1`;
      relay.clientTurns();
      await sql.begin((tx) => tx.unsafe(`insert into ${table} values (1, 10)`));
      expect(relay.clientTurns()).toBe(2);
      expect(await count()).toBe(1);
    });

    it('keeps a begin with options waiting for its answer, and its options hold', async () => {
      relay.clientTurns();
      const level = await sql.begin('isolation level serializable', async (tx) => {
        const [row] = await tx`show transaction_isolation`;
        return row!.transaction_isolation;
      });
      expect(level).toBe('serializable');
      expect(relay.clientTurns()).toBe(3);
    });

    it('rolls back what came before a failing statement', async () => {
      await expect(
        sql.begin(async (tx) => {
          await tx.unsafe(`insert into ${table} values (2, 20)`);
          await tx.unsafe(`insert into ${table} values (1, 11)`);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect(await count()).toBe(1);
    });

    it('rolls back statements sent together with the begin when one of them fails', async () => {
      await expect(
        sql.begin((tx) => [
          tx.unsafe(`insert into ${table} values (3, 30)`),
          tx.unsafe(`insert into ${table} values (1, 12)`),
          tx.unsafe(`insert into ${table} values (4, 40)`),
        ]),
      ).rejects.toMatchObject({ code: '23505' });
      expect(await count()).toBe(1);
    });

    it('keeps what it writes from others until it commits, and keeps savepoints', async () => {
      await sql.begin(async (tx) => {
        await tx.unsafe(`insert into ${table} values (5, 50)`);
        expect(await count(tx)).toBe(2);
        // The pool's other connection does not see the row yet: the statements ran inside the transaction.
        expect(await count()).toBe(1);
        await tx
          .savepoint(async (inner) => {
            await inner.unsafe(`insert into ${table} values (6, 60)`);
            throw new Error('undo the savepoint');
          })
          .catch(() => {});
        expect(await count(tx)).toBe(2);
      });
      expect(await count()).toBe(2);
    });

    it('starts a transaction on a connection still being opened, and behind a busy connection', async () => {
      const fresh = postgres(relay.url, { max: 1, onnotice: () => {} });
      try {
        expect(await fresh.begin((tx) => tx.unsafe(`insert into ${table} values (7, 70) returning id`))).toEqual([
          { id: 7 },
        ]);
        // With one connection busy, the begin goes out behind the statement before it.
        const slow = fresh`select pg_sleep(0.2) as slept`;
        const written = fresh.begin((tx) => tx.unsafe(`insert into ${table} values (8, 80) returning id`));
        expect(await slow).toEqual([{ slept: '' }]);
        expect(await written).toEqual([{ id: 8 }]);
        expect(await count(fresh)).toBe(4);
      } finally {
        await fresh.end({ timeout: 1 });
      }
    });
  },
);
