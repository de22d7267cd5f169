import { queryRows } from '@rope/db/client';
import { areas, sensorDevices, sensors } from '@rope/db/schema/index';
import { plotlineExcursions } from '@rope/domain/sensors/plotline-band';
import type { SensorPlotline } from '@rope/domain/sensors/schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { emitWebhookEvents, linksOf } from '../webhooks/index.ts';

/** Readings checked per sensor and run; a longer backlog is checked on with the next batch. */
const CHECK_LIMIT = 10_000;

export interface WatchedSensor {
  id: number;
  name: string;
  device_id: number;
  device_name: string;
  rope_id: number;
  plotlines: SensorPlotline[];
}

/**
 * A column of a query of sensor devices placed by `joinMountPlacement`: the device's sensors with plotlines on a rope
 * whose mandator has an endpoint for the type, as JSON (mostly none). Read with the device, before its readings go in.
 */
export function watchedSensorsColumn(): SQL<WatchedSensor[]> {
  return sql<WatchedSensor[]>`coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name,
      'device_id', ${sensorDevices.id}, 'device_name', ${sensorDevices.name}, 'rope_id', ${sensorDevices.ropeId},
      'plotlines', s.attributes -> 'plotlines') order by s.id)
    from ${sensors} s
    where s.device_id = ${sensorDevices.id} and not s.is_deleted
      and jsonb_array_length(coalesce(s.attributes -> 'plotlines', '[]'::jsonb)) > 0
      and exists (select 1 from webhook_endpoints e where e.mandator_id = ${areas.mandatorId} and e.enabled
        and e.event_types @> '["sensor.outside_plotlines"]'::jsonb)), '[]'::json)`;
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
  watched: readonly WatchedSensor[],
  firstReadingAt: Map<number, string>,
) {
  for (const sensor of watched) {
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
