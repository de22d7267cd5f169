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
  const wraps = anyWraps(positions, loopLength);
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
  const sorted = {
    id: new Float64Array(n),
    position: new Float64Array(n),
    count: new Float64Array(n),
    lossPct: new Float64Array(n),
  };
  gatherColumns(order, input, positions, sorted);
  const weight =
    sameWeight(input, sorted.count, sorted.lossPct) ?? Float64Array.from(order, (from) => input.weight[from]!);
  return { ...sorted, weight };
}

/** The columns in the given order, read in one pass over the permutation. */
function gatherColumns(
  order: Uint32Array,
  input: UnsortedDamages,
  positions: Float64Array,
  sorted: Omit<DamageColumns, 'weight'>,
) {
  const { id, count, lossPct } = input;
  for (let i = 0; i < order.length; i += 1) {
    const from = order[i]!;
    sorted.id[i] = id[from]!;
    sorted.position[i] = positions[from]!;
    sorted.count[i] = count[from]!;
    sorted.lossPct[i] = lossPct[from]!;
  }
}

function anyWraps(positions: Float64Array, loopLength?: number): boolean {
  if (!loopLength) return false;
  for (let i = 0; i < positions.length; i += 1) {
    if (!(positions[i]! >= 0 && positions[i]! < loopLength)) return true;
  }
  return false;
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
  if (values.length < RADIX_FROM) return comparisonOrder(values, (a, b) => a - b);
  return radixSort(values).order.slice();
}

/**
 * Below this many values a comparison sort is the cheaper one: each radix pass clears and sums 65,536 counts, which
 * for the few dozen damages of most ropes cost far more than the sort itself (a chart is drawn on every request).
 */
export const RADIX_FROM = 1024;

/** The permutation sorting by position (equal positions: `tie`), stable. */
function comparisonOrder(values: Float64Array, tie: (a: number, b: number) => number): Uint32Array {
  const order = new Uint32Array(values.length);
  for (let i = 0; i < order.length; i += 1) order[i] = i;
  return order.sort((a, b) => values[a]! - values[b]! || tie(a, b));
}

interface SortSpace {
  order: Uint32Array;
  low: Uint32Array;
  high: Uint32Array;
  nextOrder: Uint32Array;
  nextLow: Uint32Array;
  nextHigh: Uint32Array;
}

/**
 * The sorted keys (order-preserving maps of the values) and the permutation, in scratch space the next call reuses.
 * The lowest 16 bits rarely decide anything (on a 5 km rope they are below a micrometre): the passes sort by the
 * upper 48 bits and an insertion sort finishes the runs that share them, unless that would cost more than the pass
 * it saves (values crowded within a micrometre), when the sort starts again with all four passes.
 */
function radixSort(values: Float64Array): { order: Uint32Array; low: Uint32Array; high: Uint32Array } {
  const n = values.length;
  // Keys and the permutation in scratch space reused across calls: charts are recomputed on every request, and
  // megabytes of short-lived buffers per call would make the collector the largest cost.
  const space = scratch(6 * n);
  const sort: SortSpace = {
    low: space.subarray(0, n),
    high: space.subarray(n, 2 * n),
    order: space.subarray(2 * n, 3 * n),
    nextLow: space.subarray(3 * n, 4 * n),
    nextHigh: space.subarray(4 * n, 5 * n),
    nextOrder: space.subarray(5 * n, 6 * n),
  };
  writeKeys(values, sort);
  for (let pass = 1; pass < 4; pass += 1) radixPass(sort, pass);
  if (!finishLowestDigit(sort)) {
    writeKeys(values, sort);
    for (let pass = 0; pass < 4; pass += 1) radixPass(sort, pass);
  }
  return { order: sort.order, low: sort.low, high: sort.high };
}

function writeKeys(values: Float64Array, { low, high, order }: SortSpace) {
  const words = new Uint32Array(values.buffer, values.byteOffset, values.length * 2);
  for (let i = 0; i < values.length; i += 1) {
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
}

/** One stable counting pass over 16 bits of the keys (pass 0 the lowest); skipped when all share the digit. */
function radixPass(sort: SortSpace, pass: number) {
  const n = sort.order.length;
  const keys = pass < 2 ? sort.low : sort.high;
  const shift = pass % 2 === 0 ? 0 : 16;
  const counts = DIGIT_COUNTS;
  counts.fill(0);
  for (let i = 0; i < n; i += 1) counts[(keys[i]! >>> shift) & 0xffff]! += 1;
  if (n === 0 || counts[(keys[0]! >>> shift) & 0xffff] === n) return;
  let total = 0;
  for (let digit = 0; digit < 65536; digit += 1) {
    const count = counts[digit]!;
    counts[digit] = total;
    total += count;
  }
  const { low, high, order, nextLow, nextHigh, nextOrder } = sort;
  for (let i = 0; i < n; i += 1) {
    const target = counts[(keys[i]! >>> shift) & 0xffff]!++;
    nextLow[target] = low[i]!;
    nextHigh[target] = high[i]!;
    nextOrder[target] = order[i]!;
  }
  sort.low = nextLow;
  sort.nextLow = low;
  sort.high = nextHigh;
  sort.nextHigh = high;
  sort.order = nextOrder;
  sort.nextOrder = order;
}

/**
 * Sorts each run of keys sharing their upper 48 bits by the lowest 16 (insertion, stable). False, with the keys
 * left part-sorted, once that has moved more entries than a radix pass would.
 */
function finishLowestDigit({ low, high, order }: SortSpace): boolean {
  const n = order.length;
  let moved = 0;
  for (let start = 0; start < n; ) {
    const upperHigh = high[start]!;
    const upperLow = low[start]! >>> 16;
    let end = start + 1;
    while (end < n && high[end] === upperHigh && low[end]! >>> 16 === upperLow) end += 1;
    for (let i = start + 1; i < end; i += 1) {
      const key = low[i]!;
      const index = order[i]!;
      let j = i - 1;
      while (j >= start && (low[j]! & 0xffff) > (key & 0xffff)) {
        low[j + 1] = low[j]!;
        order[j + 1] = order[j]!;
        j -= 1;
        moved += 1;
      }
      low[j + 1] = key;
      order[j + 1] = index;
      if (moved > n) return false;
    }
    start = end;
  }
  return true;
}

const DIGIT_COUNTS = new Uint32Array(65536);
let scratchSpace = new Uint32Array(0);

function scratch(length: number): Uint32Array {
  if (scratchSpace.length < length) scratchSpace = new Uint32Array(length);
  return scratchSpace;
}

/** The permutation that sorts damages by position, ties by id. */
export function positionOrder(positions: Float64Array, ids: ArrayLike<number>): Uint32Array {
  if (positions.length < RADIX_FROM) return comparisonOrder(positions, (a, b) => ids[a]! - ids[b]! || a - b);
  const { order, low, high } = radixSort(positions);
  breakTiesById(order, low, high, ids);
  return order.slice();
}

/**
 * Damages at one position keep the order of their ids, whatever order they were read in. Equal positions have
 * equal sorted keys, which lie side by side: one sequential pass finds them.
 */
function breakTiesById(order: Uint32Array, low: Uint32Array, high: Uint32Array, ids: ArrayLike<number>) {
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && low[end] === low[start] && high[end] === high[start]) end += 1;
    if (end - start > 1) {
      const group = Array.from(order.subarray(start, end)).sort((a, b) => ids[a]! - ids[b]!);
      order.set(group, start);
    }
    start = end;
  }
}
