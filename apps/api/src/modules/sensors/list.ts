import { containsPattern } from '@rope/db/like';
import { sensorDevices } from '@rope/db/schema/index';
import { SENSOR_DEVICES_PAGE_SIZE } from '@rope/domain/sensors/limits';
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { visibleRopeId } from '../ropes/index.ts';
import { deviceVisibleTo, selectPlacedDevices } from './internal.ts';
import { loadSensorDevices, loadVisibleRopeSensorDevices } from './load.ts';

/** The admin list: 25 a page by name, filtered by a text in the name or by the rope they are mounted on. */
export async function listSensorDevices({
  ctx,
  actor,
  input,
}: ActionArgs<{ page: number; search: string; rope?: number }>) {
  assertCan(actor, 'SENSOR_MANAGE');
  const conditions: SQL[] = [deviceVisibleTo(actor)];
  if (input.search) conditions.push(ilike(sensorDevices.name, containsPattern(input.search)));
  if (input.rope !== undefined) conditions.push(eq(sensorDevices.ropeId, input.rope));
  const where = and(...conditions);
  const [total] = await ctx.db.select({ n: count() }).from(selectPlacedDevices(ctx).where(where).as('visible'));
  const page = await selectPlacedDevices(ctx)
    .where(where)
    .orderBy(asc(sensorDevices.name), asc(sensorDevices.id))
    .limit(SENSOR_DEVICES_PAGE_SIZE)
    .offset((input.page - 1) * SENSOR_DEVICES_PAGE_SIZE);
  const ids = page.map((row) => row.device.id);
  return { sensorDevices: await loadSensorDevices(ctx.db, ids), total: total?.n ?? 0 };
}

/**
 * The devices on one rope, for its sensor charts: whoever sees the rope sees them. Only an empty list costs a second
 * statement, to answer a rope the viewer does not see (or that does not exist) with 404 rather than an empty list.
 */
export async function listRopeSensorDevices({ ctx, actor, input }: ActionArgs<{ ropeId: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  const devices = await loadVisibleRopeSensorDevices(ctx.db, actor, input.ropeId);
  if (devices.length === 0) await visibleRopeId(ctx, actor, input.ropeId);
  return { sensorDevices: devices };
}
