import { truscanMeasurements } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { findEvent } from '../events/index.ts';

/**
 * The measurement file behind an MRT event the viewer sees: an event of a foreign tenant answers like a missing
 * one, an event without a file 404 saying so.
 */
export async function findMeasurement(ctx: AppContext, viewer: Actor, eventId: number) {
  const found = await findEvent(ctx, viewer, eventId);
  const [measurement] = await ctx.db
    .select()
    .from(truscanMeasurements)
    .where(eq(truscanMeasurements.eventId, found.event.id));
  if (!measurement) throw notFound(message('app.errors.noMrtTrace'));
  return { ...found, measurement, positionOffset: found.rope.attributes.positionOffset ?? 0 };
}
