import { areas, installations, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';
import { toRopeView } from './view.ts';

/** Fetch-or-404: a rope in an area the viewer does not see answers exactly like a missing one. */
export async function findRope(ctx: AppContext, viewer: Actor, id: number) {
  const [row] = await placedRopeQuery(ctx.db, viewer).execute({ id });
  if (!row) throw notFound(message('app.errors.noSuchRope'));
  return row;
}

const placedRopeQuery = preparedVisible((db, visible) =>
  joinPlacement(db.select({ rope: ropes, installation: installations, area: areas }).from(ropes).$dynamic())
    .where(and(eq(ropes.id, sql.placeholder('id')), visible.where))
    .prepare(visible.name('find_rope')),
);

/**
 * The same check as findRope for calls that read only what hangs on the rope: its id, without the three rows' data
 * (attributes, map lines), which the rope page's many calls would otherwise each read and parse.
 */
export async function visibleRopeId(ctx: AppContext, viewer: Actor, id: number): Promise<number> {
  const [row] = await visibleRopeQuery(ctx.db, viewer).execute({ id });
  if (!row) throw notFound(message('app.errors.noSuchRope'));
  return row.id;
}

const visibleRopeQuery = preparedVisible((db, visible) =>
  joinPlacement(db.select({ id: ropes.id }).from(ropes).$dynamic())
    .where(and(eq(ropes.id, sql.placeholder('id')), visible.where))
    .prepare(visible.name('visible_rope_id')),
);

/** The ropes of an installation the caller has found already, in their order. */
export async function ropesOfInstallation(ctx: AppContext, installationId: number, archived: boolean) {
  const rows = await ctx.db
    .select()
    .from(ropes)
    .where(and(eq(ropes.installationId, installationId), eq(ropes.isDeleted, archived)))
    .orderBy(asc(ropes.ordering), asc(ropes.id));
  return rows.map(toRopeView);
}
