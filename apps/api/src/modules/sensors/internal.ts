import { ropes, sensorDevices, sensors } from '@rope/db/schema/index';
import { type Actor, seesAllMandators } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { joinMountPlacement } from '../../tenancy/placement.ts';
import { areaVisibleTo } from '../../tenancy/scope.ts';

/**
 * Something mounted on a rope (a sensor device, a smartrope) is the viewer's when its rope lies in an area the viewer
 * sees; on no rope it belongs to no tenant, so only those who see every mandator see it. Needs the joins of
 * `joinMountPlacement` on the rope column.
 */
export function mountedVisibleTo(viewer: Actor, ropeIdColumn: AnyPgColumn): SQL {
  const onVisibleRope = and(eq(ropeIdColumn, ropes.id), areaVisibleTo(viewer)) as SQL;
  return seesAllMandators(viewer) ? (or(isNull(ropeIdColumn), onVisibleRope) as SQL) : onVisibleRope;
}

export const deviceVisibleTo = (viewer: Actor) => mountedVisibleTo(viewer, sensorDevices.ropeId);

/** The tables that place a device: left joins, so a device on no rope is found too. */
export function selectPlacedDevices(ctx: AppContext) {
  return joinMountPlacement(
    ctx.db.select({ device: sensorDevices }).from(sensorDevices).$dynamic(),
    sensorDevices.ropeId,
  );
}

/** Fetch-or-404: a device of a foreign tenant answers exactly like a missing one. */
export async function findDevice(ctx: AppContext, viewer: Actor, id: number) {
  const [row] = await selectPlacedDevices(ctx).where(and(eq(sensorDevices.id, id), deviceVisibleTo(viewer)));
  if (!row) throw notFound(message('app.errors.noSuchSensorDevice'));
  return row.device;
}

/** Fetch-or-404 of a sensor through its device, under the same tenancy; its id only, all its readers need. */
export async function findSensor(ctx: AppContext, viewer: Actor, id: number): Promise<{ id: number }> {
  const query = ctx.db
    .select({ id: sensors.id })
    .from(sensors)
    .innerJoin(sensorDevices, eq(sensorDevices.id, sensors.deviceId))
    .$dynamic();
  const [row] = await joinMountPlacement(query, sensorDevices.ropeId).where(
    and(eq(sensors.id, id), deviceVisibleTo(viewer)),
  );
  if (!row) throw notFound(message('app.errors.noSuchSensor'));
  return row;
}
