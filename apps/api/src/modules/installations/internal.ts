import { areas, installations, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';
import { damageBelowColumn, ropeDamageAggregate } from '../hierarchy/index.ts';
import { toInstallationView } from './view.ts';

/** Fetch-or-404: an installation in an area the viewer does not see answers exactly like a missing one. */
export async function findInstallation(ctx: AppContext, viewer: Actor, id: number) {
  const [row] = await placedInstallationQuery(ctx.db, viewer).execute({ id });
  if (!row) throw notFound(message('app.errors.noSuchInstallation'));
  return row;
}

const placedInstallationQuery = preparedVisible((db, visible) =>
  db
    .select({ installation: installations, area: areas })
    .from(installations)
    .innerJoin(areas, eq(areas.id, installations.areaId))
    .where(and(eq(installations.id, sql.placeholder('id')), visible.where))
    .prepare(visible.name('find_installation')),
);

/** findInstallation with the damage of its live ropes, read in the same statement. */
export async function findInstallationWithDamage(ctx: AppContext, viewer: Actor, id: number) {
  const [row] = await installationWithDamageQuery(ctx.db, viewer).execute({ id });
  if (!row) throw notFound(message('app.errors.noSuchInstallation'));
  return row;
}

const installationWithDamageQuery = preparedVisible((db, visible) =>
  db
    .select({ installation: installations, damages: damageBelowColumn('installation') })
    .from(installations)
    .innerJoin(areas, eq(areas.id, installations.areaId))
    .where(and(eq(installations.id, sql.placeholder('id')), visible.where))
    .prepare(visible.name('find_installation_with_damage')),
);

/** The installations of an area the caller has found already, in their order, with the damage of their ropes. */
export async function installationsOfArea(ctx: AppContext, areaId: number, archived: boolean) {
  const rows = await ctx.db
    .select({ installation: installations, ropeDamages: ropeDamageAggregate })
    .from(installations)
    .leftJoin(ropes, and(eq(ropes.installationId, installations.id), eq(ropes.isDeleted, false)))
    .where(and(eq(installations.areaId, areaId), eq(installations.isDeleted, archived)))
    .groupBy(installations.id)
    .orderBy(asc(installations.ordering), asc(installations.id));
  return rows.map((row) => toInstallationView(row.installation, row.ropeDamages));
}
