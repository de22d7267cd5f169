import { areas, installations, mandators, ropes } from '@rope/db/schema/index';
import { and, asc, eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { flagIs } from '../../infra/prepared.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';
import type { ActionArgs } from '../action-args.ts';
import { ropeDamageAggregate, toDamageView } from '../hierarchy/index.ts';
import { toAreaView } from './view.ts';

/** Live and archived areas as two statements of their own: a flag bound as a parameter was planned on every call. */
const visibleAreasQuery = (archived: boolean) =>
  preparedVisible((db, visible) =>
    db
      .select({ area: areas, mandatorName: mandators.name, ropeDamages: ropeDamageAggregate })
      .from(areas)
      .innerJoin(mandators, eq(mandators.id, areas.mandatorId))
      .leftJoin(installations, and(eq(installations.areaId, areas.id), flagIs(installations.isDeleted, false)))
      .leftJoin(ropes, and(eq(ropes.installationId, installations.id), flagIs(ropes.isDeleted, false)))
      .where(and(visible.where, flagIs(areas.isDeleted, archived)))
      .groupBy(areas.id, mandators.name)
      .orderBy(asc(areas.ordering), asc(areas.name), asc(areas.id))
      .prepare(visible.name(archived ? 'list_visible_archived_areas' : 'list_visible_areas')),
  );
const liveAreas = visibleAreasQuery(false);
const archivedAreas = visibleAreasQuery(true);

/**
 * The viewer's areas, archived or not, each with the largest damage of its live ropes: the dashboard's and the area
 * list's first call, one prepared query.
 */
export async function listAreas(args: ActionArgs<{ showAsUser?: number; archived: boolean }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const rows = await (input.archived ? archivedAreas : liveAreas)(ctx.db, viewer).execute();
  return { areas: rows.map((row) => toAreaView(row.area, row.mandatorName, toDamageView(row.ropeDamages))) };
}
