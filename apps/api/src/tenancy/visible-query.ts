import type { Db } from '@rope/db/client';
import { areas } from '@rope/db/schema/index';
import { type Actor, visibleMandators } from '@rope/domain/access/actor';
import { type SQL, sql } from 'drizzle-orm';
import { idsParam, preparedPerDatabase } from '../infra/prepared.ts';

/** The visibility part of a prepared read: its condition on `areas`, and the statement's name for it. */
export interface Visible {
  /** The statement for viewers who see every mandator: `where` holds for every row. */
  everyone: boolean;
  where: SQL;
  name(base: string): string;
}

const everything: Visible = { everyone: true, where: sql`true`, name: (base) => base };
const ofMandators: Visible = {
  everyone: false,
  where: sql`${areas.mandatorId} = any(${sql.placeholder('mandatorIds')}::int[])`,
  name: (base) => `${base}_of_mandators`,
};

/**
 * A hot read prepared once per database, as two statements: one for viewers who see every mandator, without a
 * condition, and one for the others, with the list of their mandators as a placeholder (`visibilityParams`). One
 * statement for both (`$all or mandator_id = any($ids)`) gets no plan PostgreSQL can keep for every caller: it planned
 * the dashboard's newest events afresh on every call, and a plan fit for one kind of viewer reads far too much for
 * the other.
 */
export function preparedVisible<T>(build: (db: Db, visible: Visible) => T): (db: Db, viewer: Actor) => T {
  const forEveryone = preparedPerDatabase((db) => build(db, everything));
  const forMandators = preparedPerDatabase((db) => build(db, ofMandators));
  return (db, viewer) => (visibleMandators(viewer) === 'all' ? forEveryone(db) : forMandators(db));
}

/** The placeholders of `preparedVisible`'s statements for one viewer. */
export function visibilityParams(viewer: Actor): { mandatorIds: string } {
  const visible = visibleMandators(viewer);
  return { mandatorIds: idsParam(visible === 'all' ? [] : visible) };
}
