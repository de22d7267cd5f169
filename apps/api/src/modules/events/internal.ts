import { areas, installations, ropeEvents, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import { message } from '@rope/domain/messages';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { areaVisibleTo } from '../../tenancy/scope.ts';
import { eventDocumentCount } from './view.ts';

/** Fetch-or-404: an event on a rope the viewer does not see answers exactly like a missing one. */
export async function findEvent(ctx: AppContext, viewer: Actor, id: number) {
  const query = ctx.db
    .select({
      event: ropeEvents,
      documentCount: eventDocumentCount,
      rope: ropes,
      installation: installations,
      area: areas,
    })
    .from(ropeEvents)
    .innerJoin(ropes, eq(ropes.id, ropeEvents.ropeId))
    .$dynamic();
  const [row] = await joinPlacement(query).where(and(eq(ropeEvents.id, id), areaVisibleTo(viewer)));
  if (!row) throw notFound(message('app.errors.noSuchEvent'));
  return row;
}

/** The columns an event's attributes fill beside the attributes themselves. */
export function columnsOf(position: number | null, attributes: RopeEventAttributes) {
  return {
    position,
    attributes,
    occurredAt: new Date(attributes.timestamp),
    recordingType: attributes.recordingType,
    type: attributes.type,
  };
}

export const MUTATIONS_REFUSED = message('events.validation.mutationsNotAllowed');
