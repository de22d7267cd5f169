import { positionOrder } from './damage-columns.ts';
import { DAMAGE_FLAGS, type DamageRows, rowDatumPositions } from './rope-damage.ts';

/**
 * The kept damage rows of a rope with some of its events changed: the rows of `changedIds` leave, `current` (those
 * of them that are damages now, in any order) come in. Rows kept sorted (DamageRows.sortedForOffset) stay sorted
 * for that offset, ties by id: the kept rows are copied in runs between the few places that change, each new row's
 * place found by bisection, so a change to a rope of 50,000 events costs about a copy of its columns.
 */
export function mergeDamageRows(kept: DamageRows, changedIds: Iterable<number>, current: DamageRows): DamageRows {
  const leaving = new Set(changedIds);
  const offset = kept.sortedForOffset;
  const n = kept.id.length;
  const removed: number[] = [];
  for (let i = 0; i < n; i += 1) if (leaving.has(kept.id[i]!)) removed.push(i);
  const withTimes = kept.occurredAt !== undefined;
  if (offset === undefined) {
    const merged = emptyRows(n - removed.length + current.id.length, withTimes);
    let k = 0;
    for (let i = 0; i < n; i += 1) if (!leaving.has(kept.id[i]!)) copyRow(merged, k++, kept, i);
    for (let i = 0; i < current.id.length; i += 1) copyRow(merged, k++, current, i);
    return merged;
  }
  const incoming = positionOrder(rowDatumPositions(current, offset), current.id);
  const keptAt = datumPositionOf(kept, offset);
  const currentAt = datumPositionOf(current, offset);
  const places = Array.from(incoming, (j) => placeOf(kept, keptAt, currentAt(j), current.id[j]!));
  const merged = emptyRows(n - removed.length + incoming.length, withTimes);
  let k = 0;
  let from = 0;
  let r = 0;
  let b = 0;
  while (b < incoming.length || r < removed.length) {
    const nextPlace = b < incoming.length ? places[b]! : n;
    const nextRemoved = r < removed.length ? removed[r]! : n;
    const to = Math.min(nextPlace, nextRemoved);
    copyRun(merged, k, kept, from, to);
    k += to - from;
    from = to;
    if (b < incoming.length && nextPlace <= nextRemoved) {
      copyRow(merged, k++, current, incoming[b++]!);
    } else {
      from += 1;
      r += 1;
    }
  }
  copyRun(merged, k, kept, from, n);
  return { ...merged, sortedForOffset: offset };
}

/** The first index of the sorted rows whose (position, id) comes after the given one. */
function placeOf(rows: DamageRows, positionAt: (i: number) => number, position: number, id: number): number {
  let low = 0;
  let high = rows.id.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(positionAt(middle), rows.id[middle]!, position, id)) low = middle + 1;
    else high = middle;
  }
  return low;
}

interface MutableRows {
  id: Float64Array;
  position: Float64Array;
  damageCount: Float64Array;
  lossAmount: Float64Array;
  flags: Uint8Array;
  occurredAt?: Float64Array;
}

function emptyRows(n: number, withTimes: boolean): MutableRows {
  return {
    id: new Float64Array(n),
    position: new Float64Array(n),
    damageCount: new Float64Array(n),
    lossAmount: new Float64Array(n),
    flags: new Uint8Array(n),
    occurredAt: withTimes ? new Float64Array(n) : undefined,
  };
}

function copyRow(to: MutableRows, k: number, from: DamageRows, i: number) {
  to.id[k] = from.id[i]!;
  to.position[k] = from.position[i]!;
  to.damageCount[k] = from.damageCount[i]!;
  to.lossAmount[k] = from.lossAmount[i] ?? Number.NaN;
  to.flags[k] = from.flags[i]!;
  if (to.occurredAt) to.occurredAt[k] = from.occurredAt?.[i] ?? Number.NaN;
}

const COLUMNS = ['id', 'position', 'damageCount', 'lossAmount', 'flags'] as const;
type Typed = Float64Array | Int32Array | Uint8Array;

/** Rows start..end of `rows` at k of `to`: typed columns (a packed copy's) in one copy each. */
function copyRun(to: MutableRows, k: number, rows: DamageRows, start: number, end: number) {
  if (end <= start) return;
  const columns = to.occurredAt ? [...COLUMNS, 'occurredAt' as const] : COLUMNS;
  if (columns.every((column) => ArrayBuffer.isView(rows[column]))) {
    for (const column of columns) to[column]!.set((rows[column] as Typed).subarray(start, end), k);
    return;
  }
  for (let i = start; i < end; i += 1) copyRow(to, k + i - start, rows, i);
}

/** The position a row is sorted by: from the datum, as rowDatumPositions has it, without a copy of the column. */
function datumPositionOf(rows: DamageRows, offset: number) {
  return (i: number) => {
    const position = rows.position[i]!;
    return offset && rows.flags[i]! & DAMAGE_FLAGS.foundByMrt ? position + offset : position;
  };
}

function before(position: number, id: number, otherPosition: number, otherId: number) {
  return position < otherPosition || (position === otherPosition && id < otherId);
}
