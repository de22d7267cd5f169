import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase, queryRows } from './client.ts';
import { isPostgresError, POSTGRES_ERROR } from './errors.ts';
import { PREPARED_UP_TO_PARAMETERS } from './prepared-statements.ts';
import { createTestDatabase } from './test-database.ts';

const url = process.env.DATABASE_URL;
const engines: [string, () => Promise<Database>][] = [
  ['the embedded database', () => openDatabase({})],
  [
    url ? 'PostgreSQL' : 'PostgreSQL (skipped: needs DATABASE_URL)',
    () => (url ? createTestDatabase() : openDatabase({})),
  ],
];

// Both engines keep each query text with parameters as a named statement, parsed and planned once per connection
// instead of for every call: the embedded database through its patch (patches/@electric-sql__pglite), PostgreSQL
// through postgres.js as prepared-statements.ts asks it. These tests hold what that must not change: answers, types,
// errors and schema changes; and that it happens, on the connection a transaction holds.
describe.each(engines)('%s keeps the statements it was asked', (engine, open) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await queryRows(database.db, sql`create table kept (id int primary key, value int not null)`);
    await queryRows(database.db, sql`insert into kept values (1, 10), (2, 20)`);
  });
  afterAll(() => database.close());
  const run = url || !engine.startsWith('PostgreSQL') ? it : it.skip;

  const keptValue = (db: Db, id: number) =>
    queryRows<{ value: unknown }>(db, sql`select value from kept where id = ${id}`);
  const keptTimes = (db: Db, text: string) =>
    queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from pg_prepared_statements where statement = ${text}`,
    );

  run('prepares a query once on its connection and answers it with each call’s parameters', async () => {
    await database.db.transaction(async (tx) => {
      expect(await keptValue(tx, 1)).toEqual([{ value: 10 }]);
      expect(await keptValue(tx, 2)).toEqual([{ value: 20 }]);
      expect(await keptValue(tx, 3)).toEqual([]);
      expect(await keptTimes(tx, 'select value from kept where id = $1')).toEqual([{ count: 1 }]);
    });
  });

  run('prepares a read without parameters once too, and sends anything else without them as it is', async () => {
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i += 1) {
        expect(await queryRows(tx, sql`select value from kept where id = 2`)).toEqual([{ value: 20 }]);
      }
      expect(await keptTimes(tx, 'select value from kept where id = 2')).toEqual([{ count: 1 }]);
      if (database.kind !== 'postgres') return;
      // A script of several statements cannot be a named statement: it still runs, by the simple protocol.
      await tx.execute(sql.raw('create temporary table scratch (id int); insert into scratch values (7)'));
      expect(await queryRows(tx, sql`select id from scratch`)).toEqual([{ id: 7 }]);
      expect(await keptTimes(tx, 'create temporary table scratch (id int); insert into scratch values (7)')).toEqual([
        { count: 0 },
      ]);
    });
  });

  run(`leaves a statement of more than ${PREPARED_UP_TO_PARAMETERS} parameters unnamed on PostgreSQL`, async () => {
    const terms = (count: number): SQL =>
      sql.join(
        Array.from({ length: count }, (_, i) => sql`${i + 1}::int`),
        sql` + `,
      );
    const text = (count: number) =>
      `select ${Array.from({ length: count }, (_, i) => `$${i + 1}::int`).join(' + ')} as total`;
    await database.db.transaction(async (tx) => {
      const many = PREPARED_UP_TO_PARAMETERS + 1;
      expect(await queryRows(tx, sql`select ${terms(many)} as total`)).toEqual([{ total: (many * (many + 1)) / 2 }]);
      expect(await queryRows(tx, sql`select ${terms(3)} as total`)).toEqual([{ total: 6 }]);
      expect(await keptTimes(tx, text(3))).toEqual([{ count: 1 }]);
      if (database.kind === 'postgres') expect(await keptTimes(tx, text(many))).toEqual([{ count: 0 }]);
    });
  });

  run('answers after a change of the table that changes the answer’s type, once prepared before it', async () => {
    // Every connection of the pool may hold the statement: ask often enough to reach them all, before and after.
    for (let i = 0; i < 8; i += 1) expect(await keptValue(database.db, 1)).toEqual([{ value: 10 }]);
    await queryRows(database.db, sql`alter table kept alter column value type text`);
    for (let i = 0; i < 8; i += 1) expect(await keptValue(database.db, 1)).toEqual([{ value: '10' }]);
  });

  run('still fails a statement that fails, and keeps answering after it, in a transaction too', async () => {
    const failure = (work: Promise<unknown>) =>
      work.then(
        () => undefined,
        (error: unknown) => error,
      );
    const insert = (id: number) => queryRows(database.db, sql`insert into kept values (${id}, '30')`);
    await insert(3);
    expect(isPostgresError(await failure(insert(3)), POSTGRES_ERROR.uniqueViolation)).toBe(true);
    const refused = await failure(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (${4}, '40')`);
        await tx.execute(sql`insert into kept values (${3}, '30')`);
      }),
    );
    expect(isPostgresError(refused, POSTGRES_ERROR.uniqueViolation)).toBe(true);
    expect(await keptValue(database.db, 3)).toEqual([{ value: '30' }]);
    expect(await keptValue(database.db, 4)).toEqual([]);
    await database.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(sql`insert into kept values (${5}, '50')`);
        expect(await keptTimes(savepoint, "insert into kept values ($1, '50')")).toEqual([{ count: 1 }]);
      });
    });
    expect(await keptValue(database.db, 5)).toEqual([{ value: '50' }]);
  });
});
