import { areas, installations, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { areaVisibleTo } from '../hierarchy/scope.ts';
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
