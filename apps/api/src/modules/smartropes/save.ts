import type { Db } from '@rope/db/client';
import { isUniqueViolation } from '@rope/db/errors';
import { smartropeSensors } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { eq } from 'drizzle-orm';
import { AppError, validationError } from '../../http/app-error.ts';

/** The fabrication number is unique: a second smartrope with it is a conflict named in its field. */
export async function withUniqueUuid<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      const text = message('app.errors.smartropeUuidTaken');
      throw new AppError('CONFLICT', text, { 'smartrope.uuid': text });
    }
    throw error;
  }
}

type SensorPatch = { id?: number; name?: string; unit?: string };

/** Sensors sent with an id change that sensor of this smartrope, without one they are added; others stay. */
export async function saveSmartropeSensors(tx: Db, smartropeId: number, sent: readonly SensorPatch[]): Promise<number> {
  if (sent.length === 0) return 0;
  const existing = new Map(
    (await tx.select().from(smartropeSensors).where(eq(smartropeSensors.smartropeId, smartropeId))).map((s) => [
      s.id,
      s,
    ]),
  );
  let changed = 0;
  for (const [index, sensor] of sent.entries()) {
    if (sensor.id === undefined) {
      if (!sensor.name) throw validationError({ [`smartrope.sensors.${index}.name`]: message('validation.required') });
      await tx.insert(smartropeSensors).values({ smartropeId, name: sensor.name, unit: sensor.unit ?? '' });
      changed += 1;
      continue;
    }
    const current = existing.get(sensor.id);
    if (!current) {
      throw validationError({
        [`smartrope.sensors.${index}.id`]: message('sensors.validation.foreignSensor', { sensor: sensor.id }),
      });
    }
    const name = sensor.name ?? current.name;
    const unit = sensor.unit ?? current.unit;
    if (name === current.name && unit === current.unit) continue;
    await tx.update(smartropeSensors).set({ name, unit }).where(eq(smartropeSensors.id, sensor.id));
    changed += 1;
  }
  return changed;
}
