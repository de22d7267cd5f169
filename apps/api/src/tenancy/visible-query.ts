import type { Db } from '@rope/db/client';
import { areas } from '@rope/db/schema/index';
import { type Actor, visibleMandators } from '@rope/domain/access/actor';
import { type SQL, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../infra/prepared.ts';

/** The visibility part of a prepared read: its condition on `areas`, and the statement's name for it. */
export interface Visible {
  /** The statement for viewers who see every mandator: `where` holds for every row. */
  everyone: boolean;
  where: SQL;
  name(base: string): string;
}

const everything: Visible = { everyone: true, where: sql`true`, name: (base) => base };

/** The condition for one list of mandators, written into the statement: ids from the viewer's own rows. */
function ofMandators(ids: readonly number[]): Visible {
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw new Error(`not a list of mandator ids: ${ids}`);
  return {
    everyone: false,
    where: ids.length === 0 ? sql`false` : sql`${areas.mandatorId} in (${sql.raw(ids.join(', '))})`,
    name: (base) => `${base}_of_${ids.join('_') || 'none'}`,
  };
}

/**
 * A hot read prepared once per database: one statement for viewers who see every mandator, without a condition, and
 * one for each list of mandators other viewers see, with the list written into it. A condition that held for every
 * viewer (`$all or mandator_id = any($ids)`) got no plan PostgreSQL could keep for every caller: it planned the
 * dashboard's newest events afresh on every call, and so it did, with the list bound as a parameter, for a viewer of
 * one mandator. The statements of a list are made at its first call; a site has about as many lists as mandators.
 */
export function preparedVisible<T>(build: (db: Db, visible: Visible) => T): (db: Db, viewer: Actor) => T {
  const forEveryone = preparedPerDatabase((db) => build(db, everything));
  const byMandators = new Map<string, (db: Db) => T>();
  return (db, viewer) => {
    const visible = visibleMandators(viewer);
    if (visible === 'all') return forEveryone(db);
    const ids = [...new Set(visible)].sort((a, b) => a - b);
    const key = ids.join(',');
    let prepared = byMandators.get(key);
    if (!prepared) {
      const condition = ofMandators(ids);
      prepared = preparedPerDatabase((inner) => build(inner, condition));
      byMandators.set(key, prepared);
    }
    return prepared(db);
  };
}
