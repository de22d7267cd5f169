import type { Db } from '@rope/db/client';
import type { Actor } from '@rope/domain/access/actor';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { preparedVisible, type Visible } from './visible-query.ts';

const viewer = (roles: Actor['roles'], mandatorIds: number[]): Actor => ({
  userId: 1,
  roles,
  mandatorIds,
  via: 'session',
});
const dialect = new PgDialect({ casing: 'snake_case' });

// Which statement a viewer's read runs: what they see must be what the statement's condition says, and a list of
// mandators gets one statement however it is ordered, so that each is prepared and planned once.
describe('reads prepared per visibility', () => {
  const made: Visible[] = [];
  const read = preparedVisible((_db, visible) => {
    made.push(visible);
    return { sql: dialect.sqlToQuery(visible.where).sql, name: visible.name('read') };
  });
  const db = {} as Db;

  it('gives those who see every mandator a statement without a condition', () => {
    expect(read(db, viewer(['ROLE_ADMIN'], []))).toEqual({ sql: 'true', name: 'read' });
  });

  it("writes a viewer's mandators into their statement, one statement per list", () => {
    const first = read(db, viewer(['ROLE_USER'], [7, 3]));
    expect(first).toEqual({ sql: '"areas"."mandator_id" in (3, 7)', name: 'read_of_3_7' });
    expect(read(db, viewer(['ROLE_USER'], [3, 7, 3]))).toBe(first);
    expect(read(db, viewer(['ROLE_USER'], [3]))).toEqual({ sql: '"areas"."mandator_id" in (3)', name: 'read_of_3' });
    const built = made.length;
    read(db, viewer(['ROLE_USER'], [7, 3]));
    expect(made).toHaveLength(built);
  });

  it('shows nothing to a viewer of no mandator', () => {
    expect(read(db, viewer(['ROLE_USER'], []))).toEqual({ sql: 'false', name: 'read_of_none' });
  });

  it('refuses to write anything but mandator ids into a statement', () => {
    expect(() => read(db, viewer(['ROLE_USER'], [1.5]))).toThrow(/mandator ids/);
    expect(() => read(db, viewer(['ROLE_USER'], [Number.NaN]))).toThrow(/mandator ids/);
  });
});
