import { queryRows } from '@rope/db/client';
import { plotlineExcursions } from '@rope/domain/sensors/plotline-band';
import type { SensorPlotline } from '@rope/domain/sensors/schemas';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { joinPlacementSql } from '../../tenancy/placement.ts';
import { emitWebhookEvents, linksOf } from '../webhooks/index.ts';

/** Readings checked per sensor and run; a longer backlog is checked on with the next batch. */
const CHECK_LIMIT = 10_000;

interface WatchedSensor extends Record<string, unknown> {
  id: number;
  name: string;
  device_id: number;
  device_name: string;
  rope_id: number;
  plotlines: SensorPlotline[];
}

/** The device's sensors with plotlines on a rope whose mandator has an endpoint for the type: mostly none. */
function watchedSensors(ctx: AppContext, deviceId: number) {
  return queryRows<WatchedSensor>(
    ctx.db,
    sql`select s.id, s.name, d.id as device_id, d.name as device_name, d.rope_id, s.attributes -> 'plotlines' as plotlines
        from sensors s join sensor_devices d on d.id = s.device_id
        join ropes r on r.id = d.rope_id ${joinPlacementSql()}
        where s.device_id = ${deviceId} and not s.is_deleted
          and jsonb_array_length(coalesce(s.attributes -> 'plotlines', '[]'::jsonb)) > 0
          and exists (select 1 from webhook_endpoints e where e.mandator_id = a.mandator_id and e.enabled
            and e.event_types @> '["sensor.outside_plotlines"]'::jsonb)`,
  );
}

interface StateRow extends Record<string, unknown> {
  checked_until: string;
  outside: boolean;
}

/**
 * After a device's readings were stored: each sensor's readings since its last check, against its plotlines; each
 * excursion outside them is one `sensor.outside_plotlines`, written with the sensor's new state in one transaction.
 * `firstReadingAt` starts a sensor never checked at the batch that brought it, not at its whole history.
 */
export async function announcePlotlineExcursions(
  ctx: AppContext,
  deviceId: number,
  firstReadingAt: Map<number, string>,
) {
  for (const sensor of await watchedSensors(ctx, deviceId)) {
    const start = firstReadingAt.get(Number(sensor.id));
    if (!start) continue;
    await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into sensor_plotline_states (sensor_id, checked_until, outside)
            values (${sensor.id}, ${start}::timestamptz - interval '1 microsecond', false) on conflict do nothing`,
      );
      const [state] = await queryRows<StateRow>(
        tx,
        sql`select checked_until::text as checked_until, outside from sensor_plotline_states
            where sensor_id = ${sensor.id} for update`,
      );
      const readings = await queryRows<{ ts: string; value: number }>(
        tx,
        sql`select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts, value from sensor_measurements
            where sensor_id = ${sensor.id} and ts > ${state!.checked_until}::timestamptz order by ts limit ${CHECK_LIMIT}`,
      );
      if (readings.length === 0) return;
      const { excursions, outsideAfter } = plotlineExcursions(readings, sensor.plotlines, state!.outside);
      await emitWebhookEvents(tx, ctx, {
        type: 'sensor.outside_plotlines',
        place: { ropeId: Number(sensor.rope_id) },
        items: excursions.map(({ reading, plotline }) => ({
          key: `${sensor.id}:${reading.ts}`,
          occurredAt: new Date(reading.ts),
          objects: {
            sensor: {
              id: Number(sensor.id),
              name: sensor.name,
              links: linksOf(ctx, { api: `/sensors/${sensor.id}/measurements` }),
            },
            device: {
              id: Number(sensor.device_id),
              name: sensor.device_name,
              links: linksOf(ctx, {
                cockpit: `/sensor-devices/${sensor.device_id}`,
                api: `/sensor-devices/${sensor.device_id}`,
              }),
            },
            reading: { ts: reading.ts, value: Number(reading.value) },
            plotline: { name: plotline.name, position: plotline.position },
          },
        })),
      });
      await tx.execute(
        sql`update sensor_plotline_states set checked_until = ${readings.at(-1)!.ts}::timestamptz, outside = ${outsideAfter}
            where sensor_id = ${sensor.id}`,
      );
    });
  }
}
