import { areas, installations, ropes } from '@rope/db/schema/index';
import { and, asc, eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { areaVisibleTo, viewerFor } from '../hierarchy/scope.ts';
import { toRopeView } from './view.ts';

/** Every live rope the viewer sees, with where it hangs: the dashboard's rope list. */
export async function listAllRopes(args: ActionArgs<{ showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
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
  return { ropes: rows.map((row) => ({ ...toRopeView(row.rope), installation: row.installation, area: row.area })) };
}
