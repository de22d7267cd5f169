import type { Db } from '@rope/db/client';
import { queryRows } from '@rope/db/client';
import { smartropeEvents } from '@rope/db/schema/index';
import type { SmartropeEventIngest } from '@rope/domain/smartropes/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { enqueueSmartropeTrigger } from '../notification-triggers/index.ts';
import { emitWebhookEvent, linksOf } from '../webhooks/index.ts';
import { findSmartrope } from './internal.ts';

const toDate = (unixTimestamp: number) => new Date(Math.round(unixTimestamp * 1000));

/**
 * A smartrope delivers an event with its measurements: found again by sensor and time, so a repeated delivery
 * changes nothing and a later one adds only the measurements not stored yet. When measurements arrive for an event
 * on a rope, its notification rules are asked, by the event's peak and the value it settled at.
 */
export async function ingestSmartropeEvent({
  ctx,
  actor,
  input,
}: ActionArgs<{ smartropeId: number; event: SmartropeEventIngest }>) {
  assertCan(actor, 'DATA_IMPORT');
  const smartrope = await findSmartrope(ctx, actor, input.smartropeId);
  const { event } = input;
  return ctx.db.transaction(async (tx) => {
    const occurredAt = toDate(event.unixTimestamp);
    const [created] = await tx
      .insert(smartropeEvents)
      .values({ smartropeId: smartrope.id, sensorName: event.sensorName, type: event.type, occurredAt })
      .onConflictDoNothing()
      .returning({ id: smartropeEvents.id });
    const [existing] = created
      ? [created]
      : await tx
          .select({ id: smartropeEvents.id })
          .from(smartropeEvents)
          .where(
            and(
              eq(smartropeEvents.smartropeId, smartrope.id),
              eq(smartropeEvents.sensorName, event.sensorName),
              eq(smartropeEvents.occurredAt, occurredAt),
            ),
          );
    const eventId = existing!.id;
    if (created && event.type === 'threshold' && smartrope.ropeId !== null) {
      await emitWebhookEvent(tx, ctx, {
        type: 'smartrope.threshold_crossed',
        key: String(eventId),
        place: { ropeId: smartrope.ropeId },
        occurredAt,
        objects: {
          smartrope: { id: smartrope.id, links: linksOf(ctx, { api: `/smartropes/${smartrope.id}` }) },
          smartropeEvent: {
            id: eventId,
            sensorName: event.sensorName,
            type: event.type,
            occurredAt: occurredAt.toISOString(),
            links: linksOf(ctx, { api: `/smartrope-events/${eventId}/measurements` }),
          },
        },
      });
    }
    const inserted = await insertMeasurements(tx, eventId, event.measurements);
    if (inserted > 0 && smartrope.ropeId !== null) {
      const shape = await eventShape(tx, eventId);
      if (shape)
        await enqueueSmartropeTrigger(tx, ctx, { smartropeEventId: eventId, ropeId: smartrope.ropeId, ...shape });
    }
    return {
      event: { id: eventId, created: Boolean(created) },
      inserted,
      duplicates: event.measurements.length - inserted,
    };
  });
}

async function insertMeasurements(tx: Db, eventId: number, measurements: SmartropeEventIngest['measurements']) {
  if (measurements.length === 0) return 0;
  const times = `{${measurements.map((m) => toDate(m.unixTimestamp).toISOString()).join(',')}}`;
  const values = `{${measurements.map((m) => m.value).join(',')}}`;
  const [row] = await queryRows<{ inserted: number }>(
    tx,
    sql`with inserted as (
        insert into smartrope_measurements (event_id, ts, value)
        select ${eventId}, t.ts, t.value from unnest(${times}::timestamptz[], ${values}::float8[]) as t(ts, value)
        on conflict do nothing
        returning 1
      )
      select count(*)::int as inserted from inserted`,
  );
  return Number(row?.inserted ?? 0);
}

/** The event's highest measurement (the first of equal ones) and its last: where the value came back to. */
async function eventShape(tx: Db, eventId: number) {
  const [row] = await queryRows<{ peak_ms: number; peak: number; settled: number }>(
    tx,
    sql`select
        (select (extract(epoch from ts) * 1000)::float8 from smartrope_measurements
          where event_id = ${eventId} order by value desc, ts limit 1) as peak_ms,
        (select max(value) from smartrope_measurements where event_id = ${eventId}) as peak,
        (select value from smartrope_measurements where event_id = ${eventId} order by ts desc limit 1) as settled`,
  );
  if (!row || row.peak === null) return undefined;
  return { measuredAt: new Date(Number(row.peak_ms)), value: Number(row.peak), settledValue: Number(row.settled) };
}
