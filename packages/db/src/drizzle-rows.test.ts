import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './test-database.ts';

/**
 * drizzle-orm's rows, read with each column's reading found once per query (patches/drizzle-orm@0.45.4.patch,
 * mapResultRow): decoded values, nested objects, a left join's missing row as null, the same on every execution of a
 * prepared query and of a query built anew.
 */
const parents = pgTable('drizzle_rows_parent', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }),
});
const children = pgTable('drizzle_rows_child', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id').notNull(),
  note: text('note'),
});

const database = await createTestDatabase();
const { db } = database;
afterAll(() => database.close());

beforeAll(async () => {
  await db.execute(sql`create table drizzle_rows_parent (id int primary key, name text not null, seen_at timestamptz)`);
  await db.execute(sql`create table drizzle_rows_child (id int primary key, parent_id int not null, note text)`);
  await db.insert(parents).values([
    { id: 1, name: 'Haul rope', seenAt: new Date('2026-11-28T23:30:00Z') },
    { id: 2, name: 'Track rope', seenAt: null },
  ]);
  await db.insert(children).values([{ id: 10, parentId: 1, note: null }]);
});

const selection = {
  id: parents.id,
  name: parents.name,
  seenAt: parents.seenAt,
  shout: sql<string>`upper(${parents.name})`,
  length: sql<number>`length(${parents.name})`.mapWith(Number),
  child: { id: children.id, note: children.note },
};

const expected = [
  {
    id: 1,
    name: 'Haul rope',
    seenAt: new Date('2026-11-28T23:30:00Z'),
    shout: 'HAUL ROPE',
    length: 9,
    // The child is there, with a null note: the object stays.
    child: { id: 10, note: null },
  },
  // No child: the left join's object is null, not an object of nulls.
  { id: 2, name: 'Track rope', seenAt: null, shout: 'TRACK ROPE', length: 10, child: null },
];

describe("drizzle-orm's rows, each column's reading found once per query", () => {
  it('reads a query built anew the same every time', async () => {
    for (let run = 0; run < 3; run += 1) {
      const rows = await db
        .select(selection)
        .from(parents)
        .leftJoin(children, eq(children.parentId, parents.id))
        .orderBy(parents.id);
      expect(rows).toEqual(expected);
      expect(rows[0]!.seenAt).toBeInstanceOf(Date);
    }
  });

  it('reads a prepared query the same on every execution', async () => {
    const prepared = db
      .select(selection)
      .from(parents)
      .leftJoin(children, eq(children.parentId, parents.id))
      .orderBy(parents.id)
      .prepare('drizzle_rows_prepared');
    for (let run = 0; run < 3; run += 1) expect(await prepared.execute()).toEqual(expected);
  });

  it('keeps an inner join and a whole-table selection as before', async () => {
    const rows = await db.select().from(parents).innerJoin(children, eq(children.parentId, parents.id));
    expect(rows).toEqual([
      {
        drizzle_rows_parent: { id: 1, name: 'Haul rope', seenAt: new Date('2026-11-28T23:30:00Z') },
        drizzle_rows_child: { id: 10, parentId: 1, note: null },
      },
    ]);
  });
});
