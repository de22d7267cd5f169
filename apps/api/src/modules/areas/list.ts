import { areas, installations, mandators, ropes } from '@rope/db/schema/index';
import { and, asc, eq, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { preparedPerDatabase } from '../../infra/prepared.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import { visibilityParams, visibleAreaPlaceholder } from '../../tenancy/visible-query.ts';
import type { ActionArgs } from '../action-args.ts';
import { ropeDamageAggregate, toDamageView } from '../hierarchy/index.ts';
import { toAreaView } from './view.ts';

const visibleAreasQuery = preparedPerDatabase((db) =>
  db
    .select({ area: areas, mandatorName: mandators.name, ropeDamages: ropeDamageAggregate })
    .from(areas)
    .innerJoin(mandators, eq(mandators.id, areas.mandatorId))
    .leftJoin(installations, and(eq(installations.areaId, areas.id), eq(installations.isDeleted, false)))
    .leftJoin(ropes, and(eq(ropes.installationId, installations.id), eq(ropes.isDeleted, false)))
    .where(and(visibleAreaPlaceholder, eq(areas.isDeleted, sql.placeholder('archived'))))
    .groupBy(areas.id, mandators.name)
    .orderBy(asc(areas.ordering), asc(areas.name), asc(areas.id))
    .prepare('list_visible_areas'),
);

/**
 * The viewer's areas, archived or not, each with the largest damage of its live ropes: the dashboard's and the area
 * list's first call, one prepared query.
 */
export async function listAreas(args: ActionArgs<{ showAsUser?: number; archived: boolean }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const rows = await visibleAreasQuery(ctx.db).execute({ archived: input.archived, ...visibilityParams(viewer) });
  return { areas: rows.map((row) => toAreaView(row.area, row.mandatorName, toDamageView(row.ropeDamages))) };
}
