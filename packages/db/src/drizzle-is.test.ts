import { Column, entityKind, is, SQL, sql, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ropes } from './schema/index.ts';

/**
 * drizzle-orm's `is`, patched (patches/drizzle-orm@0.45.4.patch) to keep its answer per class and type: the same
 * answers as the class chain walked each time, asked once or many times, for drizzle's own classes and for a class of
 * another drizzle copy that only carries the entity kind.
 */
describe("drizzle-orm's is, kept per class", () => {
  // A column of another copy of drizzle: not an instance of this copy's Column, but of the same kind.
  class ForeignColumn {
    static readonly [entityKind] = Column[entityKind];
    readonly name = 'id';
  }
  class ForeignNotColumn {
    static readonly [entityKind] = 'ForeignThing';
    readonly name = 'thing';
  }
  class SubclassOfForeignColumn extends ForeignColumn {}

  const cases: [string, unknown, unknown, boolean][] = [
    ['a table column as a Column', ropes.id, Column, true],
    ['a table column as SQL', ropes.id, SQL, false],
    ['a table as a Table', ropes, Table, true],
    ['a table as a Column', ropes, Column, false],
    ['a sql fragment as SQL', sql`1`, SQL, true],
    ['a sql fragment as a Column', sql`1`, Column, false],
    ['a column of another copy', new ForeignColumn(), Column, true],
    ['a subclass of it', new SubclassOfForeignColumn(), Column, true],
    ['another copy of something else', new ForeignNotColumn(), Column, false],
    ['a plain object', { name: 'id' }, Column, false],
    ['null', null, Column, false],
    ['a string', 'id', SQL, false],
  ];

  it.each(cases)('answers %s the same on every ask', (_name, value, type, expected) => {
    for (let ask = 0; ask < 3; ask += 1) expect(is(value, type as typeof Column)).toBe(expected);
  });

  it('answers per type: a class kept as a Column is still asked anew as SQL', () => {
    const value = new ForeignColumn();
    expect(is(value, Column)).toBe(true);
    expect(is(value, SQL)).toBe(false);
    expect(is(value, Table)).toBe(false);
    expect(is(value, Column)).toBe(true);
  });

  it('still refuses a type that is no drizzle entity, after answers were kept', () => {
    expect(is(new ForeignColumn(), Column)).toBe(true);
    class NoEntity {}
    expect(() => is(new ForeignColumn(), NoEntity as unknown as typeof Column)).toThrow(
      /doesn't look like a Drizzle entity/,
    );
  });
});
