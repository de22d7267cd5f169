import { isUniqueViolation } from '@rope/db/errors';
import { smartropeEvents, smartropeMeasurements } from '@rope/db/schema/index';
import { can } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import {
  type SmartropeEventPatch,
  type SmartropeEventType,
  smartropeEventMergedSchema,
} from '@rope/domain/smartropes/schemas';
import { asc, eq } from 'drizzle-orm';
import { AppError, forbidden } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findSmartropeEvent } from './internal.ts';
import { loadSmartropeEvent } from './load.ts';

/** The measurements of one event, oldest first, for its chart. */
export async function listSmartropeEventMeasurements({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  const { event } = await findSmartropeEvent(ctx, actor, input.id);
  const rows = await ctx.db
    .select({ ts: smartropeMeasurements.ts, value: smartropeMeasurements.value })
    .from(smartropeMeasurements)
    .where(eq(smartropeMeasurements.eventId, event.id))
    .orderBy(asc(smartropeMeasurements.ts));
  return { measurements: rows.map((row) => ({ unixTimestamp: row.ts.getTime() / 1000, value: row.value })) };
}

/**
 * Acknowledge an event or comment on it (attributes merge key by key); sensor, type and time are the device's and
 * only admins correct them. Those who record on the rope may do it, on a rope that is not archived.
 */
export async function updateSmartropeEvent({
  ctx,
  actor,
  input,
}: ActionArgs<{ id: number; patch: SmartropeEventPatch }>) {
  assertCan(actor, 'DOMAIN_WRITE');
  const { event, rope, installation, area } = await findSmartropeEvent(ctx, actor, input.id);
  const { value, changed } = applyPatch({
    entity: 'event',
    current: {
      sensorName: event.sensorName,
      type: event.type as SmartropeEventType,
      unixTimestamp: event.occurredAt.getTime() / 1000,
      attributes: event.attributes,
    },
    patch: input.patch,
    schema: smartropeEventMergedSchema,
  });
  if (changed.length === 0) return { event: await loadSmartropeEvent(ctx.db, event.id) };
  if (changed.some((field) => field !== 'attributes') && !can(actor, 'SMARTROPE_MANAGE')) {
    throw forbidden();
  }
  if (rope && installation && area) assertWritable([rope, installation, area]);
  await rethrowUnique(() =>
    ctx.db
      .update(smartropeEvents)
      .set({
        sensorName: value.sensorName,
        type: value.type,
        occurredAt: new Date(Math.round(value.unixTimestamp * 1000)),
        attributes: value.attributes,
      })
      .where(eq(smartropeEvents.id, event.id)),
  );
  return { event: await loadSmartropeEvent(ctx.db, event.id) };
}

/** Sensor and time name an event: moving it onto another's is a conflict, not a second event. */
async function rethrowUnique(write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', message('app.errors.smartropeEventTaken'));
    throw error;
  }
}
