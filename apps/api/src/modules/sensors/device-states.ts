import {
  areas,
  installations,
  ropes,
  sensorDevices,
  sensors,
  smartropeEvents,
  smartropes,
} from '@rope/db/schema/index';
import type { RopeDeviceState } from '@rope/domain/sensors/device-state-views';
import { eq, exists, ne, or, type SQL, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { liveVisibleRopesRead } from '../ropes/index.ts';

type Truscan = NonNullable<RopeDeviceState['truscan']>;

/** The enabled sensors of the rope's devices with their newest reading (one index probe each), as JSON. */
const sensorsOfRope = sql<{ id: number; name: string; lastMeasurementMs: number | null }[]>`(
  select coalesce(json_agg(json_build_object(
      'id', ${sensors.id},
      'name', ${sensors.name},
      'lastMeasurementMs', (select (extract(epoch from max(m.ts)) * 1000)::float8
        from sensor_measurements m where m.sensor_id = ${sensors.id}))
    order by ${sensorDevices.name}, ${sensors.id}), '[]'::json)
  from ${sensors} inner join ${sensorDevices} on ${sensorDevices.id} = ${sensors.deviceId}
  where ${sensorDevices.ropeId} = ${ropes.id} and ${sensors.isDeleted} = false
    and coalesce((${sensors.attributes}->>'isEnabled')::boolean, true))`;

/** The rope's smartropes and their events nobody acknowledged. */
const smartropeCounts = sql<{ smartropes: number; unacknowledged: number }>`(
  select json_build_object('smartropes', count(distinct ${smartropes.id}), 'unacknowledged', count(${smartropeEvents.id}))
  from ${smartropes} left join ${smartropeEvents} on ${smartropeEvents.smartropeId} = ${smartropes.id}
    and not coalesce((${smartropeEvents.attributes}->>'isAcknowledged')::boolean, false)
  where ${smartropes.ropeId} = ${ropes.id})`;

/**
 * The live ropes a viewer sees that carry a TRUscan, a sensor device or a smartrope, with their TRUscan figures, their
 * sensors and their smartrope counts: one statement.
 */
const readRopesWithDevices = liveVisibleRopesRead(
  'list_visible_rope_device_states',
  {
    id: ropes.id,
    name: ropes.name,
    truscan: sql<Truscan | null>`nullif(jsonb_strip_nulls(jsonb_build_object(
      'status', ${ropes.truscanAttributes}->'status',
      'bendingCycles', ${ropes.truscanAttributes}->'bendingCycles',
      'lastMeasurement', ${ropes.truscanAttributes}->'lastMeasurement',
      'nextMeasurement', ${ropes.truscanAttributes}->'nextMeasurement')), '{}'::jsonb)`,
    installation: { id: installations.id, name: installations.name },
    area: { id: areas.id, name: areas.name },
    sensors: sensorsOfRope,
    smartropes: smartropeCounts,
  },
  (db) =>
    or(
      ne(ropes.truscanAttributes, sql`'{}'::jsonb`),
      exists(db.select({ one: sql`1` }).from(sensorDevices).where(eq(sensorDevices.ropeId, ropes.id))),
      exists(db.select({ one: sql`1` }).from(smartropes).where(eq(smartropes.ropeId, ropes.id))),
    ) as SQL,
);

/**
 * Per live rope the viewer sees that carries a device: TRUscan figures, its sensors' newest readings and the
 * smartrope events nobody acknowledged. Visible as the ropes are (the dashboard's rope list), only the columns shown.
 */
export async function listRopeDeviceStates(args: ActionArgs<{ showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const ropeRows = await readRopesWithDevices(ctx.db, viewer);
  return {
    ropeDeviceStates: ropeRows.map(
      (row): RopeDeviceState => ({
        rope: { id: row.id, name: row.name },
        installation: row.installation,
        area: row.area,
        truscan: row.truscan,
        sensors: row.sensors.map(({ id, name, lastMeasurementMs }) => ({
          id,
          name,
          lastMeasurementAt: lastMeasurementMs === null ? null : new Date(lastMeasurementMs).toISOString(),
        })),
        smartropeCount: Number(row.smartropes.smartropes),
        unacknowledgedSmartropeEvents: Number(row.smartropes.unacknowledged),
      }),
    ),
  };
}
