import type { Db } from '@rope/db/client';
import { ropes, sensorDevices, sensors } from '@rope/db/schema/index';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { eq } from 'drizzle-orm';
import { seedApiKey, seedArea, seedInstallation, seedMandator, seedRope } from '../support/factories.ts';

export interface FaultWorld {
  mandatorId: number;
  ropeId: number;
  deviceId: number;
  sensorIds: number[];
  /** ROLE_API_IMPORT of the mandator: delivers readings and records events. */
  importKey: string;
  /** ROLE_API_INTERNAL: reads and writes the domain. */
  internalKey: string;
}

/** One mandator with a rope (the worked example's), a sensor device with two sensors on it, and an import and an internal key. */
export async function seedFaultWorld(db: Db): Promise<FaultWorld> {
  const mandator = await seedMandator(db);
  const installation = await seedInstallation(db, (await seedArea(db, mandator.id)).id);
  const rope = await seedRope(db, installation.id, 'Haul rope');
  await db.update(ropes).set({ attributes: WORKED_EXAMPLE_ROPE }).where(eq(ropes.id, rope.id));
  const [device] = await db.insert(sensorDevices).values({ name: 'SB-01', ropeId: rope.id }).returning();
  const rows = await db
    .insert(sensors)
    .values([
      { deviceId: device!.id, name: 'Tension' },
      { deviceId: device!.id, name: 'Temperature' },
    ])
    .returning({ id: sensors.id });
  return {
    mandatorId: mandator.id,
    ropeId: rope.id,
    deviceId: device!.id,
    sensorIds: rows.map((row) => row.id),
    importKey: (await seedApiKey(db, 'ROLE_API_IMPORT', [mandator.id])).key,
    internalKey: (await seedApiKey(db, 'ROLE_API_INTERNAL')).key,
  };
}

/** The body of POST /api/events: a wire break on the rope, told apart by its description. */
export function wireBreak(ropeId: number, tag: string, position = 100) {
  return {
    ropeEvent: {
      rope: { id: ropeId },
      position,
      attributes: {
        timestamp: '2026-03-01T10:00:00Z',
        recordingType: 'damage',
        type: 'wireBreak',
        damageCount: 1,
        description: tag,
      },
    },
  };
}
