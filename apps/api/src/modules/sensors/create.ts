import { sensorDevices, sensors } from '@rope/db/schema/index';
import type { SensorDeviceBody } from '@rope/domain/sensors/schemas';
import { writeAudit } from '../../audit/write-audit.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { provisionOnCreate } from '../devices/index.ts';
import { loadSensorDevice } from './load.ts';
import { ropeToMount } from './mount.ts';

/**
 * An admin registers a device with its sensors, mounted on a rope or on none yet; with a broker to administer, it gets
 * its own broker client, whose password is in this answer only.
 */
export async function createSensorDevice({ ctx, actor, input, request }: ActionArgs<SensorDeviceBody>) {
  assertCan(actor, 'SENSOR_MANAGE');
  const ropeId = await ropeToMount(ctx, actor, input.rope, 'sensorDevice.rope');
  const id = await ctx.db.transaction(async (tx) => {
    const [device] = await tx
      .insert(sensorDevices)
      .values({ name: input.name, ropeId, attributes: input.attributes })
      .returning({ id: sensorDevices.id });
    const deviceId = device!.id;
    if (input.sensors.length > 0) {
      await tx.insert(sensors).values(
        input.sensors.map((sensor) => ({
          deviceId,
          name: sensor.name,
          attributes: sensor.attributes,
          isDeleted: sensor.isDeleted,
        })),
      );
    }
    await writeAudit(
      tx,
      { action: 'sensorDevice.create', actorUserId: actor.userId, targetType: 'sensorDevice', targetId: deviceId },
      request,
    );
    return deviceId;
  });
  const broker = await provisionOnCreate(ctx, { kind: 'sensorDevice', id });
  return { sensorDevice: await loadSensorDevice(ctx.db, id), ...broker };
}
