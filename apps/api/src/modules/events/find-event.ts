import { areas, installations, ropeEvents, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { areaVisibleTo } from '../hierarchy/scope.ts';
import { eventDocumentCount } from './view.ts';

export async function findEvent(ctx: AppContext, viewer: Actor, id: number) {
  const [row] = await ctx.db
    .select({
      event: ropeEvents,
      documentCount: eventDocumentCount,
      rope: ropes,
      installation: installations,
      area: areas,
    })
    .from(ropeEvents)
    .innerJoin(ropes, eq(ropes.id, ropeEvents.ropeId))
    .innerJoin(installations, eq(installations.id, ropes.installationId))
    .innerJoin(areas, eq(areas.id, installations.areaId))
    .where(and(eq(ropeEvents.id, id), areaVisibleTo(viewer)));
  if (!row) throw notFound('No such event');
  return row;
}
