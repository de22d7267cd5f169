import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findDevice } from './internal.ts';
import { loadSensorDevice } from './load.ts';

/** One device as the admin screens show it. */
export async function getSensorDevice({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'SENSOR_MANAGE');
  const device = await findDevice(ctx, actor, input.id);
  return { sensorDevice: await loadSensorDevice(ctx.db, device.id) };
}
