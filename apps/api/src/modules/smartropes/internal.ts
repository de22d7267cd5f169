import { areas, installations, ropes, smartropeEvents, smartropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { joinMountPlacement } from '../../tenancy/placement.ts';
import { mountedVisibleTo } from '../sensors/index.ts';

export const smartropeVisibleTo = (viewer: Actor) => mountedVisibleTo(viewer, smartropes.ropeId);

/** The tables that place a smartrope: left joins, so one on no rope is found too. */
export function selectPlacedSmartropes(ctx: AppContext) {
  return joinMountPlacement(ctx.db.select({ smartrope: smartropes }).from(smartropes).$dynamic(), smartropes.ropeId);
}

/** Fetch-or-404: a smartrope of a foreign tenant answers exactly like a missing one. */
export async function findSmartrope(ctx: AppContext, viewer: Actor, id: number) {
  const [row] = await selectPlacedSmartropes(ctx).where(and(eq(smartropes.id, id), smartropeVisibleTo(viewer)));
  if (!row) throw notFound(message('app.errors.noSuchSmartrope'));
  return row.smartrope;
}

/** Fetch-or-404 of a smartrope event through its smartrope, under the same tenancy. */
export async function findSmartropeEvent(ctx: AppContext, viewer: Actor, id: number) {
  const query = ctx.db
    .select({ event: smartropeEvents, smartrope: smartropes, rope: ropes, installation: installations, area: areas })
    .from(smartropeEvents)
    .innerJoin(smartropes, eq(smartropes.id, smartropeEvents.smartropeId))
    .$dynamic();
  const [row] = await joinMountPlacement(query, smartropes.ropeId).where(
    and(eq(smartropeEvents.id, id), smartropeVisibleTo(viewer)),
  );
  if (!row) throw notFound(message('app.errors.noSuchSmartropeEvent'));
  return row;
}
