import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from './client.ts';
import { isPostgresError, POSTGRES_ERROR } from './errors.ts';

// The embedded database keeps each query text it was asked as a named statement (patches/@electric-sql__pglite):
// parsed and planned once, as postgres.js does on PostgreSQL, instead of for every call (a rope's 40 ropes: about
// 0.5 of 1.4 ms). These tests hold what that must not change: answers, types, errors and schema changes.
describe('the embedded database keeps the statements it was asked', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await queryRows(database.db, sql`create table kept (id int primary key, value int not null)`);
    await queryRows(database.db, sql`insert into kept values (1, 10), (2, 20)`);
  });
  afterAll(() => database.close());

  const keptValue = (id: number) =>
    queryRows<{ value: unknown }>(database.db, sql`select value from kept where id = ${id}`);
  const prepared = () =>
    queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from pg_prepared_statements where statement = 'select value from kept where id = $1'`,
    );

  it('prepares a query once and answers it with each call’s parameters', async () => {
    expect(await keptValue(1)).toEqual([{ value: 10 }]);
    expect(await keptValue(2)).toEqual([{ value: 20 }]);
    expect(await keptValue(3)).toEqual([]);
    expect(await prepared()).toEqual([{ count: 1 }]);
  });

  it('answers after a change of the table that changes the answer’s type, once prepared before it', async () => {
    expect(await keptValue(1)).toEqual([{ value: 10 }]);
    await queryRows(database.db, sql`alter table kept alter column value type text`);
    expect(await keptValue(1)).toEqual([{ value: '10' }]);
  });

  it('still fails a statement that fails, and keeps answering after it, in a transaction too', async () => {
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
    expect(await keptValue(3)).toEqual([{ value: '30' }]);
    expect(await keptValue(4)).toEqual([]);
  });
});
