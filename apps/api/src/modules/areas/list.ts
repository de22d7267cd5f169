import { areas, installations, mandators, ropes } from '@rope/db/schema/index';
import { and, asc, eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { areaVisibleTo, viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { ropeDamageAggregate, toDamageView } from '../hierarchy/index.ts';
import { toAreaView } from './view.ts';

/** The viewer's areas, archived or not, each with the largest damage of its live ropes. */
export async function listAreas(args: ActionArgs<{ showAsUser?: number; archived: boolean }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const rows = await ctx.db
    .select({ area: areas, mandatorName: mandators.name, ropeDamages: ropeDamageAggregate })
    .from(areas)
    .innerJoin(mandators, eq(mandators.id, areas.mandatorId))
    .leftJoin(installations, and(eq(installations.areaId, areas.id), eq(installations.isDeleted, false)))
    .leftJoin(ropes, and(eq(ropes.installationId, installations.id), eq(ropes.isDeleted, false)))
    .where(and(areaVisibleTo(viewer), eq(areas.isDeleted, input.archived)))
    .groupBy(areas.id, mandators.name)
    .orderBy(asc(areas.ordering), asc(areas.name), asc(areas.id));
  return { areas: rows.map((row) => toAreaView(row.area, row.mandatorName, toDamageView(row.ropeDamages))) };
}
