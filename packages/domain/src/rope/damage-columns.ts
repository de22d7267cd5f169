/**
 * The located damages of a rope as columns, sorted by position (wrapped into [0, loop) on an endless rope), ties
 * by id. Columns of plain numbers keep 50,000 damages in a few contiguous arrays instead of 50,000 objects.
 */
export interface DamageColumns {
  id: Float64Array;
  position: Float64Array;
  count: Float64Array;
  lossPct: Float64Array;
  /** The quantity the rule in force sums: usually the lossPct or count column itself, not a copy. */
  weight: Float64Array;
}

export interface UnsortedDamages extends DamageColumns {
  /** How many entries of the columns are in use. */
  length: number;
}

/** Columns for up to capacity damages; under a rule's metric the weight is that column, else a column of its own. */
export function emptyDamages(capacity: number, metric?: 'lossPct' | 'brokenWires'): UnsortedDamages {
  const count = new Float64Array(capacity);
  const lossPct = new Float64Array(capacity);
  return {
    length: 0,
    id: new Float64Array(capacity),
    position: new Float64Array(capacity),
    count,
    lossPct,
    weight: metric === 'lossPct' ? lossPct : metric === 'brokenWires' ? count : new Float64Array(capacity),
  };
}

/** A position on an endless rope of the given loop length; one already on the loop stays exactly as it is. */
export function wrapPosition(position: number, loopLength?: number): number {
  if (!loopLength || (position >= 0 && position < loopLength)) return position;
  return ((position % loopLength) + loopLength) % loopLength;
}

/**
 * Sorts the damages by position (wrapped at the loop length on an endless rope), ties by id. Damages already in
 * that order (presorted, and none to wrap) are taken as they are.
 */
export function sortDamages(input: UnsortedDamages, loopLength?: number, presorted = false): DamageColumns {
  const n = input.length;
  let positions = input.position.subarray(0, n);
  const wraps = positions.some((position) => wrapPosition(position, loopLength) !== position);
  if (presorted && !wraps) {
    const count = input.count.subarray(0, n);
    const lossPct = input.lossPct.subarray(0, n);
    return {
      id: input.id.subarray(0, n),
      position: positions,
      count,
      lossPct,
      weight: sameWeight(input, count, lossPct) ?? input.weight.subarray(0, n),
    };
  }
  if (wraps) positions = positions.map((position) => wrapPosition(position, loopLength));
  const order = positionOrder(positions, input.id);
  const gather = (column: Float64Array) => {
    const sorted = new Float64Array(n);
    for (let i = 0; i < n; i += 1) sorted[i] = column[order[i]!]!;
    return sorted;
  };
  const count = gather(input.count);
  const lossPct = gather(input.lossPct);
  const weight = sameWeight(input, count, lossPct) ?? gather(input.weight);
  return { id: gather(input.id), position: gather(positions), count, lossPct, weight };
}

/** The sorted count or loss column when the weight is that column; undefined when it is a column of its own. */
function sameWeight(input: UnsortedDamages, count: Float64Array, lossPct: Float64Array): Float64Array | undefined {
  if (input.weight === input.lossPct) return lossPct;
  if (input.weight === input.count) return count;
  return undefined;
}

/**
 * The permutation that sorts the values ascending: a stable LSD radix sort over the 64 bits of each double,
 * 16 bits a pass, skipping passes where all values share the digit. O(n), so the damage chart costs about one
 * native sort of the positions, not a comparator sort carrying indices.
 */
export function sortOrder(values: Float64Array): Uint32Array {
  const n = values.length;
  // Keys and the permutation in scratch space reused across calls: charts are recomputed on every request, and
  // megabytes of short-lived buffers per call would make the collector the largest cost.
  const space = scratch(6 * n);
  let low = space.subarray(0, n);
  let high = space.subarray(n, 2 * n);
  let order = space.subarray(2 * n, 3 * n);
  let nextLow = space.subarray(3 * n, 4 * n);
  let nextHigh = space.subarray(4 * n, 5 * n);
  let nextOrder = space.subarray(5 * n, 6 * n);
  const words = new Uint32Array(values.buffer, values.byteOffset, n * 2);
  for (let i = 0; i < n; i += 1) {
    // Order-preserving map of IEEE 754 bits to unsigned integers: flip all bits of negatives, the sign of others.
    let lo = words[2 * i]!;
    let hi = words[2 * i + 1]!;
    if (hi & 0x80000000) {
      hi = ~hi >>> 0;
      lo = ~lo >>> 0;
    } else {
      hi = (hi | 0x80000000) >>> 0;
    }
    // -0 and +0 compare equal; give them one key.
    if (values[i] === 0) {
      hi = 0x80000000;
      lo = 0;
    }
    low[i] = lo;
    high[i] = hi;
    order[i] = i;
  }
  const counts = DIGIT_COUNTS;
  for (let pass = 0; pass < 4; pass += 1) {
    const keys = pass < 2 ? low : high;
    const shift = pass % 2 === 0 ? 0 : 16;
    counts.fill(0);
    for (let i = 0; i < n; i += 1) counts[(keys[i]! >>> shift) & 0xffff]! += 1;
    if (n === 0 || counts[(keys[0]! >>> shift) & 0xffff] === n) continue;
    let total = 0;
    for (let digit = 0; digit < 65536; digit += 1) {
      const count = counts[digit]!;
      counts[digit] = total;
      total += count;
    }
    for (let i = 0; i < n; i += 1) {
      const target = counts[(keys[i]! >>> shift) & 0xffff]!++;
      nextLow[target] = low[i]!;
      nextHigh[target] = high[i]!;
      nextOrder[target] = order[i]!;
    }
    [low, nextLow] = [nextLow, low];
    [high, nextHigh] = [nextHigh, high];
    [order, nextOrder] = [nextOrder, order];
  }
  return order.slice();
}

const DIGIT_COUNTS = new Uint32Array(65536);
let scratchSpace = new Uint32Array(0);

function scratch(length: number): Uint32Array {
  if (scratchSpace.length < length) scratchSpace = new Uint32Array(length);
  return scratchSpace;
}

/** The permutation that sorts damages by position, ties by id. */
export function positionOrder(positions: Float64Array, ids: ArrayLike<number>): Uint32Array {
  const order = sortOrder(positions);
  breakTiesById(order, positions, ids);
  return order;
}

/** Damages at one position keep the order of their ids, whatever order they were read in. */
function breakTiesById(order: Uint32Array, positions: Float64Array, ids: ArrayLike<number>) {
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && positions[order[end]!] === positions[order[start]!]) end += 1;
    if (end - start > 1) {
      const group = Array.from(order.subarray(start, end)).sort((a, b) => ids[a]! - ids[b]!);
      order.set(group, start);
    }
    start = end;
  }
}
