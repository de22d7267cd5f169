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
import { and, asc, count, countDistinct, eq, exists, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { assertCan } from '../../http/guards.ts';
import { idsParam, preparedPerDatabase } from '../../infra/prepared.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { liveVisibleRopesRead } from '../ropes/index.ts';

type Truscan = NonNullable<RopeDeviceState['truscan']>;

/** The live ropes a viewer sees that carry a TRUscan, a sensor device or a smartrope, with their TRUscan figures. */
const readRopesWithDevices = liveVisibleRopesRead(
  'list_visible_ropes_with_devices',
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
  const ropeIds = ropeRows.map((row) => row.id);
  const [sensorsByRope, smartropesByRope] = await Promise.all([
    loadSensors(ctx, ropeIds),
    loadSmartropeCounts(ctx, ropeIds),
  ]);
  return {
    ropeDeviceStates: ropeRows.map(
      (row): RopeDeviceState => ({
        rope: { id: row.id, name: row.name },
        installation: row.installation,
        area: row.area,
        truscan: row.truscan,
        sensors: sensorsByRope.get(row.id) ?? [],
        smartropeCount: smartropesByRope.get(row.id)?.smartropes ?? 0,
        unacknowledgedSmartropeEvents: smartropesByRope.get(row.id)?.unacknowledged ?? 0,
      }),
    ),
  };
}

const anyRope = sql.placeholder('ropeIds');

const sensorsQuery = preparedPerDatabase((db) =>
  db
    .select({
      ropeId: sql<number>`${sensorDevices.ropeId}`,
      id: sensors.id,
      name: sensors.name,
      lastMeasurementAt: sql<
        string | null
      >`(select max(m.ts) from sensor_measurements m where m.sensor_id = ${sensors.id})`,
    })
    .from(sensors)
    .innerJoin(sensorDevices, eq(sensorDevices.id, sensors.deviceId))
    .where(
      and(
        sql`${sensorDevices.ropeId} = any(${anyRope}::int[])`,
        eq(sensors.isDeleted, false),
        sql`coalesce((${sensors.attributes}->>'isEnabled')::boolean, true)`,
      ),
    )
    .orderBy(asc(sensorDevices.name), asc(sensors.id))
    .prepare('rope_device_state_sensors'),
);

const smartropeCountsQuery = preparedPerDatabase((db) =>
  db
    .select({
      ropeId: sql<number>`${smartropes.ropeId}`,
      smartropes: countDistinct(smartropes.id),
      unacknowledged: count(smartropeEvents.id),
    })
    .from(smartropes)
    .leftJoin(
      smartropeEvents,
      and(
        eq(smartropeEvents.smartropeId, smartropes.id),
        sql`not coalesce((${smartropeEvents.attributes}->>'isAcknowledged')::boolean, false)`,
      ),
    )
    .where(sql`${smartropes.ropeId} = any(${anyRope}::int[])`)
    .groupBy(smartropes.ropeId)
    .prepare('rope_device_state_smartropes'),
);

/** The enabled sensors of the ropes' devices with their newest reading (one index probe each). */
async function loadSensors(ctx: AppContext, ropeIds: number[]) {
  const byRope = new Map<number, RopeDeviceState['sensors']>();
  if (ropeIds.length === 0) return byRope;
  const rows = await sensorsQuery(ctx.db).execute({ ropeIds: idsParam(ropeIds) });
  for (const row of rows) {
    const list = byRope.get(row.ropeId) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      lastMeasurementAt: row.lastMeasurementAt === null ? null : new Date(row.lastMeasurementAt).toISOString(),
    });
    byRope.set(row.ropeId, list);
  }
  return byRope;
}

async function loadSmartropeCounts(ctx: AppContext, ropeIds: number[]) {
  if (ropeIds.length === 0) return new Map<number, { smartropes: number; unacknowledged: number }>();
  const rows = await smartropeCountsQuery(ctx.db).execute({ ropeIds: idsParam(ropeIds) });
  return new Map(rows.map((row) => [row.ropeId, { smartropes: row.smartropes, unacknowledged: row.unacknowledged }]));
}
