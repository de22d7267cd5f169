import type { Db } from '@rope/db/client';
import { areas, installations, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { areaVisibleTo, findInstallation } from '../hierarchy/scope.ts';
import { visibilityParams, visibleAreaPlaceholder } from '../hierarchy/visible-query.ts';
import { toRopeView } from './view.ts';

export async function listRopes({
  ctx,
  installationId,
  archived,
}: {
  ctx: AppContext;
  installationId: number;
  archived: boolean;
}) {
  const rows = await ctx.db
    .select()
    .from(ropes)
    .where(and(eq(ropes.installationId, installationId), eq(ropes.isDeleted, archived)))
    .orderBy(asc(ropes.ordering), asc(ropes.id));
  return rows.map(toRopeView);
}

/** Every live rope the viewer sees, with where it hangs: the dashboard's rope list. */
export async function listAllRopes({ ctx, viewer }: { ctx: AppContext; viewer: Actor }) {
  const rows = await ctx.db
    .select({
      rope: ropes,
      installation: { id: installations.id, name: installations.name },
      area: { id: areas.id, name: areas.name },
    })
    .from(ropes)
    .innerJoin(installations, eq(installations.id, ropes.installationId))
    .innerJoin(areas, eq(areas.id, installations.areaId))
    .where(
      and(
        areaVisibleTo(viewer),
        eq(ropes.isDeleted, false),
        eq(installations.isDeleted, false),
        eq(areas.isDeleted, false),
      ),
    )
    .orderBy(asc(areas.name), asc(installations.ordering), asc(ropes.ordering), asc(ropes.id));
  return rows.map((row) => ({ ...toRopeView(row.rope), installation: row.installation, area: row.area }));
}

const preparedVisible = new WeakMap<Db, ReturnType<typeof prepareVisible>>();

function prepareVisible(db: Db) {
  return db
    .select({ rope: ropes })
    .from(ropes)
    .innerJoin(installations, eq(installations.id, ropes.installationId))
    .innerJoin(areas, eq(areas.id, installations.areaId))
    .where(
      and(
        eq(ropes.installationId, sql.placeholder('installationId')),
        eq(ropes.isDeleted, sql.placeholder('archived')),
        visibleAreaPlaceholder,
      ),
    )
    .orderBy(asc(ropes.ordering), asc(ropes.id))
    .prepare('list_visible_ropes');
}

/**
 * The hot path of the installation page: one prepared query answers the ropes when the viewer sees the
 * installation; only an empty answer costs a second query, to tell an empty list from a 404.
 */
export async function listVisibleRopes(input: {
  ctx: AppContext;
  viewer: Actor;
  installationId: number;
  archived: boolean;
}) {
  const { ctx, viewer, installationId, archived } = input;
  let query = preparedVisible.get(ctx.db);
  if (!query) {
    query = prepareVisible(ctx.db);
    preparedVisible.set(ctx.db, query);
  }
  const rows = await query.execute({ installationId, archived, ...visibilityParams(viewer) });
  if (rows.length === 0) await findInstallation(ctx, viewer, installationId);
  return rows.map((row) => toRopeView(row.rope));
}
