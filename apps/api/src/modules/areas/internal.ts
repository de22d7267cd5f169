import { areas, mandators, userMandators } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';
import { damageBelowColumn } from '../hierarchy/index.ts';

/** Fetch-or-404: an area of a mandator the viewer does not see answers exactly like a missing one. */
export async function findArea(ctx: AppContext, viewer: Actor, id: number) {
  const [row] = await areaQuery(ctx.db, viewer).execute({ id });
  if (!row) throw notFound(message('app.errors.noSuchArea'));
  return row;
}

const areaQuery = preparedVisible((db, visible) =>
  db
    .select({ area: areas, mandatorName: mandators.name })
    .from(areas)
    .innerJoin(mandators, eq(mandators.id, areas.mandatorId))
    .where(and(eq(areas.id, sql.placeholder('id')), visible.where))
    .prepare(visible.name('find_area')),
);

/** findArea with the damage of the live ropes below it, read in the same statement. */
export async function findAreaWithDamage(ctx: AppContext, viewer: Actor, id: number) {
  const [row] = await areaWithDamageQuery(ctx.db, viewer).execute({ id });
  if (!row) throw notFound(message('app.errors.noSuchArea'));
  return row;
}

const areaWithDamageQuery = preparedVisible((db, visible) =>
  db
    .select({ area: areas, mandatorName: mandators.name, damages: damageBelowColumn('area') })
    .from(areas)
    .innerJoin(mandators, eq(mandators.id, areas.mandatorId))
    .where(and(eq(areas.id, sql.placeholder('id')), visible.where))
    .prepare(visible.name('find_area_with_damage')),
);

/** The area's mandator exists, and its client user, when named, belongs to that mandator. */
export async function assertAreaReferences(
  ctx: AppContext,
  mandatorId: number,
  adminUserId: number | null | undefined,
) {
  const [mandator] = await ctx.db.select({ id: mandators.id }).from(mandators).where(eq(mandators.id, mandatorId));
  if (!mandator) {
    const noSuchMandator = message('app.errors.noSuchMandator');
    throw new AppError('VALIDATION', noSuchMandator, { mandatorId: noSuchMandator });
  }
  if (adminUserId) {
    const [member] = await ctx.db
      .select({ userId: userMandators.userId })
      .from(userMandators)
      .where(and(eq(userMandators.userId, adminUserId), eq(userMandators.mandatorId, mandatorId)));
    if (!member) {
      const otherMandator = message('app.errors.clientUserOtherMandator');
      throw new AppError('VALIDATION', otherMandator, { adminUserId: otherMandator });
    }
  }
}
