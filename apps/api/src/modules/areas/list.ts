import { areas, installations, mandators, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { ropeDamageAggregate, toDamageView } from '../hierarchy/damage-summary.ts';
import { areaVisibleTo } from '../hierarchy/scope.ts';
import { toAreaView } from './view.ts';

/** The viewer's areas, archived or not, each with the largest damage of its live ropes. */
export async function listAreas({ ctx, viewer, archived }: { ctx: AppContext; viewer: Actor; archived: boolean }) {
  const rows = await ctx.db
    .select({ area: areas, mandatorName: mandators.name, ropeDamages: ropeDamageAggregate })
    .from(areas)
    .innerJoin(mandators, eq(mandators.id, areas.mandatorId))
    .leftJoin(installations, and(eq(installations.areaId, areas.id), eq(installations.isDeleted, false)))
    .leftJoin(ropes, and(eq(ropes.installationId, installations.id), eq(ropes.isDeleted, false)))
    .where(and(areaVisibleTo(viewer), eq(areas.isDeleted, archived)))
    .groupBy(areas.id, mandators.name)
    .orderBy(asc(areas.ordering), asc(areas.name), asc(areas.id));
  return rows.map((row) => toAreaView(row.area, row.mandatorName, toDamageView(row.ropeDamages)));
}

/** Markers for the areas map: id, position and damage. */
export async function listAreaPositions({ ctx, viewer }: { ctx: AppContext; viewer: Actor }) {
  const list = await listAreas({ ctx, viewer, archived: false });
  return list.map((area) => ({ id: area.id, latlng: area.latlng, damages: area.damages }));
}
