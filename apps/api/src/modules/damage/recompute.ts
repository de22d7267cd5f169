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
import { dropDamageInputs, foldsAfter, type KeptDamageInputs, readDamageInputs, writeDamageInputs } from './inputs.ts';
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
 * The rope's damage for the chart: from the packed copy of its damage rows with the events changed since merged in
 * (made again, or folded, here when it is missing or has gathered many changes), else (a history of relevant
 * mutations or repair pieces) from its whole events.
 */
export async function computeDamageOf(
  db: Db,
  target: DamageTarget,
  options: Pick<DamageOptions, 'damageFilter' | 'asOf'>,
): Promise<RopeDamageResult> {
  const damageOptions = { ...options, loopLength: target.loopLength };
  const kept = await readDamageInputs(db, target.rope.id);
  const rows =
    kept && kept.changes <= foldsAfter(kept.rows) ? usableRows(kept) : await keepDamageInputs(db, target.rope.id);
  if (rows) return computeRopeDamageFromRows(target.rope.attributes, rows, damageOptions);
  return computeRopeDamage(target.rope.attributes, await loadLiveEvents(db, target.rope.id), damageOptions);
}

const usableRows = (kept: KeptDamageInputs) => (kept.history ? undefined : kept.rows);

/**
 * Makes the packed copy again (a change outside the API dropped it) or folds in the changes it gathered, and
 * answers its rows; undefined for a rope whose history needs the whole events. Under the rope row's lock, as the
 * writers take it: a write committed meanwhile is read, and one that comes later waits and then notes its change.
 */
async function keepDamageInputs(db: Db, ropeId: number): Promise<DamageRows | undefined> {
  return db.transaction(async (tx) => {
    const [rope] = await queryRows<{ positionOffset: number | null }>(
      tx,
      sql`select (attributes ->> 'positionOffset')::float8 as "positionOffset" from ropes where id = ${ropeId}
          for no key update`,
    );
    if (!rope) return undefined;
    const { rows, write } = await currentDamageRows(
      tx,
      ropeId,
      await readDamageInputs(tx, ropeId),
      rope.positionOffset ?? 0,
    );
    await write();
    return rows;
  });
}

/**
 * The rope's damage rows now, from its kept copy when there is one, and what keeps the copy, to be started once the
 * caller no longer awaits anything else: a fold when the changes merged in are many or the rope's position offset
 * moved, a new copy when there was none, a drop when the rope now needs its whole events. For a caller holding the
 * rope row's lock.
 */
async function currentDamageRows(
  db: Db,
  ropeId: number,
  kept: KeptDamageInputs | undefined,
  positionOffset: number,
): Promise<{ rows: DamageRows | undefined; write: () => Promise<void> }> {
  const nothing = async () => {};
  if (kept?.history) return { rows: undefined, write: () => dropDamageInputs(db, ropeId) };
  if (kept) {
    const fold = kept.changes > foldsAfter(kept.rows) || kept.rows.sortedForOffset !== positionOffset;
    return { rows: kept.rows, write: fold ? () => writeDamageInputs(db, ropeId, kept.rows, positionOffset) : nothing };
  }
  const rows = await readDamageRows(db, ropeId, true);
  return { rows, write: rows ? () => writeDamageInputs(db, ropeId, rows, positionOffset) : nothing };
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
  // kept below holds every committed event. The rope is read in the statement that locks it (its newest version,
  // with the damage stored last): the event writers hold its lock already, from their insert's trigger, and an
  // installation's change that recomputes its ropes reads its own installation row.
  // The kept copy is asked for with the lock, not after its answer: the server reads it once it holds the lock, in a
  // statement of its own, so it sees every change committed before (one round trip instead of two).
  const locking = damageTargetQuery(db, ropeId).for('no key update', { of: ropes }).execute();
  const reading = readDamageInputs(db, ropeId);
  const [[locked], kept] = await Promise.all([locking, reading]);
  if (!locked) return { changed: false, before: null, after: null };
  const target = withLoopLength(locked);
  const options = { loopLength: target.loopLength };
  const { rows, write } = await currentDamageRows(db, ropeId, kept, target.rope.attributes.positionOffset ?? 0);
  const result = rows
    ? computeRopeDamageFromRows(target.rope.attributes, rows, options)
    : computeRopeDamage(target.rope.attributes, await loadLiveEvents(db, ropeId), options);
  const writes: Promise<unknown>[] = [write()];
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
