import { type Db, queryRows } from '@rope/db/client';
import { installations, ropeDamageStamps, ropeEvents, ropes } from '@rope/db/schema/index';
import {
  computeRopeDamage,
  computeRopeDamageFromRows,
  type DamageOptions,
  type DamageRows,
  loopLengthFor,
  type RopeDamageResult,
  summariseDamages,
} from '@rope/domain/ropes/rope-damage';
import type { RopeDamages } from '@rope/domain/ropes/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { readDamageInputs, writeDamageInputs } from './inputs.ts';
import { readDamageRows } from './rows.ts';

/**
 * The rope whose damage is computed: its row, its installation's attributes, its loop length and the stamp of its
 * events (rope_damage_stamps; null for a rope whose events never changed since the stamps came).
 */
export async function loadDamageTarget(db: Db, ropeId: number) {
  const [row] = await damageTargetQuery(db, ropeId);
  return row ? withLoopLength(row) : undefined;
}

function damageTargetQuery(db: Db, ropeId: number) {
  return db
    .select(damageTargetColumns)
    .from(ropes)
    .innerJoin(installations, eq(installations.id, ropes.installationId))
    .leftJoin(ropeDamageStamps, eq(ropeDamageStamps.ropeId, ropes.id))
    .where(eq(ropes.id, ropeId));
}

/** The columns of a damage target, as loadDamageTarget and loadVisibleDamageTarget read them. */
export const damageTargetColumns = {
  rope: ropes,
  installationAttributes: installations.attributes,
  eventsStamp: ropeDamageStamps.stamp,
};

type DamageTargetRow = {
  rope: typeof ropes.$inferSelect;
  installationAttributes: typeof installations.$inferSelect.attributes;
  eventsStamp: string | null;
};

export function withLoopLength<Row extends DamageTargetRow>(row: Row) {
  return { ...row, loopLength: loopLengthFor(row.rope.attributes, row.installationAttributes.loopLength) };
}

export type DamageTarget = ReturnType<typeof withLoopLength<DamageTargetRow>>;

/**
 * The rope's damage for the chart: from the packed copy of its damage rows (made again here when a change outside
 * the API dropped it), else (a history of relevant mutations or repair pieces) from its whole events.
 */
export async function computeDamageOf(
  db: Db,
  target: DamageTarget,
  options: Pick<DamageOptions, 'damageFilter' | 'asOf'>,
): Promise<RopeDamageResult> {
  const damageOptions = { ...options, loopLength: target.loopLength };
  const rows = (await readDamageInputs(db, target.rope.id)) ?? (await rebuildDamageInputs(db, target.rope.id));
  if (rows) return computeRopeDamageFromRows(target.rope.attributes, rows, damageOptions);
  return computeRopeDamage(target.rope.attributes, await loadLiveEvents(db, target.rope.id), damageOptions);
}

/**
 * Writes the packed copy a change made outside the API (a script, a restore, SQL) dropped, and answers its rows;
 * undefined for a rope whose history needs the whole events. Under the rope row's lock, as the writers take it: a
 * write committed meanwhile is read, and one that comes later waits and then drops this copy, so it is never stale.
 */
async function rebuildDamageInputs(db: Db, ropeId: number): Promise<DamageRows | undefined> {
  return db.transaction(async (tx) => {
    const [rope] = await queryRows<{ positionOffset: number | null }>(
      tx,
      sql`select (attributes ->> 'positionOffset')::float8 as "positionOffset" from ropes where id = ${ropeId}
          for no key update`,
    );
    if (!rope) return undefined;
    const kept = await readDamageInputs(tx, ropeId);
    if (kept) return kept;
    const rows = await readDamageRows(tx, ropeId, true);
    if (rows) await writeDamageInputs(tx, ropeId, rows, rope.positionOffset ?? 0);
    return rows;
  });
}

/** Loads what the damage computation of one rope needs: its attributes, loop and live events. */
export async function loadRopeForDamage(db: Db, ropeId: number) {
  const row = await loadDamageTarget(db, ropeId);
  if (!row) return undefined;
  const events = await loadLiveEvents(db, ropeId);
  return {
    rope: row.rope,
    installationAttributes: row.installationAttributes,
    events,
    loopLength: row.loopLength,
  };
}

/** The rope's events that are not deleted, with what the damage computation reads of them. */
export function loadLiveEvents(db: Db, ropeId: number) {
  return db
    .select({ id: ropeEvents.id, position: ropeEvents.position, attributes: ropeEvents.attributes })
    .from(ropeEvents)
    .where(and(eq(ropeEvents.ropeId, ropeId), eq(ropeEvents.isDeleted, false)));
}

/**
 * Recomputes the rope's stored damages from its events; run inside the transaction that changed the events, so
 * lists, maps and gauges never disagree with the chart. Answers whether the stored value changed.
 */
export async function recomputeRopeDamages(db: Db, ropeId: number): Promise<boolean> {
  return (await recomputeRopeDamageChange(db, ropeId)).changed;
}

/** The same, answering the stored damage before and after beside whether it changed. */
export async function recomputeRopeDamageChange(
  db: Db,
  ropeId: number,
): Promise<{ changed: boolean; before: RopeDamages | null; after: RopeDamages | null }> {
  // Writers of one rope take turns (the rope_events trigger locks the same row), so the copy of the damage rows
  // written below holds every committed event. The rope is read in the statement that locks it (its newest version,
  // with the damage stored last): the event writers hold its lock already, from their insert's trigger, and an
  // installation's change that recomputes its ropes reads its own installation row.
  // The rows are asked for with the lock, not after its answer: the server reads them once it holds the lock, in a
  // statement of their own, so they see every event committed before (one round trip instead of two).
  const locking = damageTargetQuery(db, ropeId).for('no key update', { of: ropes }).execute();
  const reading = readDamageRows(db, ropeId, true);
  const [[locked], rows] = await Promise.all([locking, reading]);
  if (!locked) return { changed: false, before: null, after: null };
  const target = withLoopLength(locked);
  const options = { loopLength: target.loopLength };
  const writes: Promise<unknown>[] = [];
  let result: RopeDamageResult;
  if (rows) {
    result = computeRopeDamageFromRows(target.rope.attributes, rows, options);
    writes.push(writeDamageInputs(db, ropeId, rows, target.rope.attributes.positionOffset ?? 0));
  } else {
    result = computeRopeDamage(target.rope.attributes, await loadLiveEvents(db, ropeId), options);
  }
  const summary = summariseDamages(result, new Date());
  const before = target.rope.damages;
  const changed =
    !before ||
    before.status !== summary.status ||
    JSON.stringify(before.missingInputs) !== JSON.stringify(summary.missingInputs) ||
    before.damage !== summary.damage ||
    JSON.stringify(before.utilisation) !== JSON.stringify(summary.utilisation) ||
    before.standard !== summary.standard;
  if (changed) writes.push(db.update(ropes).set({ damages: summary }).where(eq(ropes.id, ropeId)).execute());
  await Promise.all(writes);
  return { changed, before: before ?? null, after: summary };
}

/**
 * Assesses every rope whose stored damage predates `status` (or was never computed): such a row could hold 0 % for a
 * rope whose damage cannot be computed. Each rope in its own transaction; run at start-up, once per old row.
 */
export async function recomputeUnassessedDamages(db: Db): Promise<number> {
  const stale = await db
    .select({ id: ropes.id })
    .from(ropes)
    .where(sql`${ropes.damages} is null or ${ropes.damages}->>'status' is null`);
  for (const { id } of stale) await db.transaction((tx) => recomputeRopeDamages(tx, id));
  return stale.length;
}
