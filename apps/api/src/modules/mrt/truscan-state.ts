import type { Db } from '@rope/db/client';
import { ropes } from '@rope/db/schema/index';
import { truscanAttributesSchema } from '@rope/domain/ropes/schemas';
import { eq } from 'drizzle-orm';

/**
 * A measurement file is the TRUscan's last measurement when it is newer than the one the rope knows: its time and
 * the bending cycles counted then become the panel's. An older file (one uploaded late) changes nothing there.
 */
export async function recordLastMeasurement(
  tx: Db,
  ropeId: number,
  file: { recordedAt: number; bendingCycles: number },
): Promise<boolean> {
  const [rope] = await tx.select({ truscan: ropes.truscanAttributes }).from(ropes).where(eq(ropes.id, ropeId));
  const current = rope?.truscan ?? {};
  if (current.lastMeasurement !== undefined && current.lastMeasurement >= file.recordedAt) return false;
  const next = truscanAttributesSchema.safeParse({
    ...current,
    lastMeasurement: Math.floor(file.recordedAt),
    bendingCycles: file.bendingCycles,
  });
  if (!next.success) return false;
  await tx.update(ropes).set({ truscanAttributes: next.data }).where(eq(ropes.id, ropeId));
  return true;
}
