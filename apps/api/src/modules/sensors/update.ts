import { sensorDevices, sensors } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { type SensorDevicePatch, sensorBodySchema, sensorDeviceAttributesSchema } from '@rope/domain/sensors/schemas';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { writeAudit } from '../../audit/write-audit.ts';
import { issueFields, validationError } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findDevice } from './internal.ts';
import { loadSensorDevice } from './load.ts';
import { ropeToMount } from './mount.ts';

const deviceMergedSchema = z.object({
  name: z.string().trim().min(1).max(255),
  rope: z.object({ id: z.number() }).nullable(),
  attributes: sensorDeviceAttributesSchema,
});
const sensorMergedSchema = sensorBodySchema.omit({ id: true });

type SensorChange =
  | { kind: 'change'; id: number; values: z.output<typeof sensorMergedSchema> }
  | { kind: 'add'; values: z.output<typeof sensorMergedSchema> };

/**
 * Any part of the device as GET answers it: name, rope, attributes key by key, and sensors, each merged into the
 * sensor of its id (a sensor without id is added; sensors not sent stay). A sensor is archived, never deleted, so
 * its readings stay.
 */
export async function updateSensorDevice({
  ctx,
  actor,
  input,
  request,
}: ActionArgs<{ id: number; patch: SensorDevicePatch }>) {
  assertCan(actor, 'SENSOR_MANAGE');
  const device = await findDevice(ctx, actor, input.id);
  const { sensors: sensorPatches, ...devicePatch } = input.patch;
  const { value, changed } = applyPatch({
    entity: 'sensorDevice',
    current: {
      name: device.name,
      rope: device.ropeId === null ? null : { id: device.ropeId },
      attributes: device.attributes,
    },
    patch: devicePatch,
    schema: deviceMergedSchema,
  });
  const ropeId = changed.includes('rope')
    ? await ropeToMount(ctx, actor, value.rope, 'sensorDevice.rope')
    : device.ropeId;
  const sensorChanges = await planSensorChanges(ctx, device.id, sensorPatches ?? []);
  await ctx.db.transaction(async (tx) => {
    if (changed.length > 0) {
      await tx
        .update(sensorDevices)
        .set({ name: value.name, ropeId, attributes: value.attributes })
        .where(eq(sensorDevices.id, device.id));
    }
    for (const change of sensorChanges) {
      if (change.kind === 'change') await tx.update(sensors).set(change.values).where(eq(sensors.id, change.id));
      else await tx.insert(sensors).values({ deviceId: device.id, ...change.values });
    }
    if (changed.length > 0 || sensorChanges.length > 0) {
      await writeAudit(
        tx,
        {
          action: 'sensorDevice.update',
          actorUserId: actor.userId,
          targetType: 'sensorDevice',
          targetId: device.id,
          details: { fields: changed, sensors: sensorChanges.length },
        },
        request,
      );
    }
  });
  return { sensorDevice: await loadSensorDevice(ctx.db, device.id) };
}

function withoutNullAttributes<T extends { attributes?: Record<string, unknown> | null }>(fields: T): T {
  if (!fields.attributes) return fields;
  const attributes = Object.fromEntries(Object.entries(fields.attributes).filter(([, value]) => value !== null));
  return { ...fields, attributes };
}

async function planSensorChanges(
  ctx: ActionArgs<unknown>['ctx'],
  deviceId: number,
  patches: NonNullable<SensorDevicePatch['sensors']>,
): Promise<SensorChange[]> {
  if (patches.length === 0) return [];
  const existing = new Map(
    (await ctx.db.select().from(sensors).where(eq(sensors.deviceId, deviceId))).map((row) => [row.id, row]),
  );
  const changes: SensorChange[] = [];
  for (const [index, patch] of patches.entries()) {
    const entity = `sensorDevice.sensors.${index}`;
    const { id, ...fields } = patch;
    if (id === undefined) {
      // A new sensor has no attribute for a null to remove: null is no value there, as in the PATCH of one it has.
      const parsed = sensorMergedSchema.safeParse(withoutNullAttributes(fields));
      if (!parsed.success) {
        throw validationError(issueFields(parsed.error.issues, (i) => [entity, ...i.path.map(String)].join('.')));
      }
      changes.push({ kind: 'add', values: parsed.data });
      continue;
    }
    const current = existing.get(id);
    if (!current)
      throw validationError({ [`${entity}.id`]: message('sensors.validation.foreignSensor', { sensor: id }) });
    const { value, changed } = applyPatch({
      entity,
      current: { name: current.name, attributes: current.attributes, isDeleted: current.isDeleted },
      patch: fields,
      schema: sensorMergedSchema,
    });
    if (changed.length > 0) changes.push({ kind: 'change', id, values: value });
  }
  return changes;
}
