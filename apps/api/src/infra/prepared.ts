import type { Db } from '@rope/db/client';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A hot query built once per database and run with placeholders after: building a query's SQL costs more than a
 * small query itself, and the busy calls run the same few on every request.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = prepare(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}

/**
 * Ids as one parameter of a prepared query (`= any($ids::int[])`): an array literal, which both drivers pass through
 * unchanged as a string, where a JavaScript array would be bound differently by each.
 */
export function idsParam(ids: readonly number[]): string {
  return `{${ids.join(',')}}`;
}

/**
 * `column = true|false` written into the statement instead of bound: a prepared statement whose parameters are only
 * such flags got a fresh custom plan on every call, as PostgreSQL judged its generic plan dearer (the dashboard's
 * reads, 0.5-1 ms of planning each); without them it keeps one plan per connection.
 */
export function flagIs(column: AnyPgColumn, value: boolean): SQL {
  return value ? sql`${column} = true` : sql`${column} = false`;
}
