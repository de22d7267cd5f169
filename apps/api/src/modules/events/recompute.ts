import type { Db } from '@rope/db/client';
import { installations, ropeEvents, ropes } from '@rope/db/schema/index';
import { computeRopeDamage, loopLengthFor, summariseDamages } from '@rope/domain/rope/rope-damage';
import { and, eq } from 'drizzle-orm';

/** Loads what the damage computation of one rope needs: its attributes, loop and live events. */
export async function loadRopeForDamage(db: Db, ropeId: number) {
  const [row] = await db
    .select({ rope: ropes, installationAttributes: installations.attributes })
    .from(ropes)
    .innerJoin(installations, eq(installations.id, ropes.installationId))
    .where(eq(ropes.id, ropeId));
  if (!row) return undefined;
  const events = await db
    .select({ id: ropeEvents.id, position: ropeEvents.position, attributes: ropeEvents.attributes })
    .from(ropeEvents)
    .where(and(eq(ropeEvents.ropeId, ropeId), eq(ropeEvents.isDeleted, false)));
  return {
    rope: row.rope,
    installationAttributes: row.installationAttributes,
    events,
    loopLength: loopLengthFor(row.rope.attributes, row.installationAttributes.loopLength),
  };
}

/**
 * Recomputes the rope's stored damages from its events; run inside the transaction that changed the events, so
 * lists, maps and gauges never disagree with the chart. Answers whether the stored value changed.
 */
export async function recomputeRopeDamages(db: Db, ropeId: number): Promise<boolean> {
  const loaded = await loadRopeForDamage(db, ropeId);
  if (!loaded) return false;
  const result = computeRopeDamage(loaded.rope.attributes, loaded.events, { loopLength: loaded.loopLength });
  const summary = summariseDamages(result, new Date());
  const before = loaded.rope.damages;
  const changed =
    !before ||
    before.damage !== summary.damage ||
    JSON.stringify(before.utilisation) !== JSON.stringify(summary.utilisation) ||
    before.standard !== summary.standard;
  if (changed) await db.update(ropes).set({ damages: summary }).where(eq(ropes.id, ropeId));
  return changed;
}
