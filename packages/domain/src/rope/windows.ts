import { type DamageColumns, emptyDamages, sortDamages } from './damage-columns.ts';

/** One located damage with its weight under the rule in force (loss percent or broken wires). */
export interface LocatedDamage {
  id: number;
  position: number;
  weight: number;
  count: number;
  lossPct: number;
}

/**
 * The windows of one reference length, as columns: window i starts at the position of damage first[i] and holds
 * eventCount[i] damages from there on (running past the last damage to the first on an endless rope).
 */
export interface WindowColumns {
  first: Int32Array;
  eventCount: Int32Array;
  /** Sums over the window. */
  sum: Float64Array;
  count: Float64Array;
  lossPct: Float64Array;
  /** Index of the window's heaviest damage (the last of equal weights). */
  heaviest: Int32Array;
}

/** One window as reports and tests read it: `{position, count, lossPct, events: [ids], damagePosition}`, its sum. */
export interface WindowPoint {
  position: number;
  sum: number;
  count: number;
  lossPct: number;
  events: number[];
  eventCount: number;
  damagePosition: number;
}

/**
 * Window sums over [x, x + length) for every window starting at a damage (one per distinct position): two
 * pointers over the sorted damages and a monotonic deque for the heaviest, O(n). On an endless rope a window may
 * run over the splice point into a second lap; offsets are measured as (position - start) + lap · loop, never
 * from shifted positions, so rounding cannot reorder them, and a window never covers more than one loop.
 */
export function sweepColumns(damages: DamageColumns, length: number, loopLength?: number): WindowColumns {
  const n = damages.position.length;
  const loop = loopLength && loopLength > 0 ? loopLength : 0;
  const span = loop ? Math.min(length, loop) : length;
  const { position, weight, count: counts, lossPct: losses } = damages;
  const starts = n > 0 && length > 0 ? distinctStarts(position) : new Int32Array(0);
  const windows = starts.length;
  // Under a rule's metric the weight is the loss or count column itself: its sums are those sums.
  const countSums = new Float64Array(windows);
  const lossSums = new Float64Array(windows);
  const weightIsOwn = weight !== losses && weight !== counts;
  const result: WindowColumns = {
    first: starts,
    eventCount: new Int32Array(windows),
    sum: weight === losses ? lossSums : weight === counts ? countSums : new Float64Array(windows),
    count: countSums,
    lossPct: lossSums,
    heaviest: new Int32Array(windows),
  };
  const laps = loop ? 2 : 1;
  // The deque holds unwrapped indices (up to 2n on a loop) of decreasing weight; its space is reused across calls.
  if (dequeSpace.length < n * laps) dequeSpace = new Int32Array(n * laps);
  const deque = dequeSpace;
  let head = 0;
  let tail = 0;
  let end = 0;
  let sum = 0;
  let count = 0;
  let lossPct = 0;
  for (let w = 0; w < windows; w += 1) {
    const start = starts[w]!;
    const next = w + 1 < windows ? starts[w + 1]! : n;
    const from = position[start]!;
    // The end never passes start + n: with a loop, that would count a damage twice.
    while (end < n * laps && end < start + n) {
      const at = end < n ? end : end - n;
      const offset = position[at]! - from + (end < n ? 0 : loop);
      if (!(offset < span)) break;
      if (weightIsOwn) sum += weight[at]!;
      count += counts[at]!;
      lossPct += losses[at]!;
      const heavy = weight[at]!;
      while (tail > head && weight[wrap(deque[tail - 1]!, n)]! <= heavy) tail -= 1;
      deque[tail++] = end;
      end += 1;
    }
    while (deque[head]! < start) head += 1;
    result.eventCount[w] = end - start;
    if (weightIsOwn) result.sum[w] = sum;
    result.count[w] = count;
    result.lossPct[w] = lossPct;
    result.heaviest[w] = wrap(deque[head]!, n);
    for (let leaving = start; leaving < next; leaving += 1) {
      if (weightIsOwn) sum -= weight[leaving]!;
      count -= counts[leaving]!;
      lossPct -= losses[leaving]!;
    }
  }
  return result;
}

let dequeSpace = new Int32Array(0);

const wrap = (index: number, n: number) => (index < n ? index : index - n);

/** Index of the first damage at each distinct position: damages at one position open one window. */
function distinctStarts(position: Float64Array): Int32Array {
  const starts = new Int32Array(position.length);
  let windows = 0;
  for (let i = 0; i < position.length; i += 1) {
    if (i === 0 || position[i] !== position[i - 1]) starts[windows++] = i;
  }
  return starts.slice(0, windows);
}

/** The largest window sum, the quantity compared with a rule's limit. */
export function worstWindow(windows: WindowColumns): number {
  let worst = 0;
  for (const sum of windows.sum) if (sum > worst) worst = sum;
  return worst;
}

/** The windows as WindowPoints, every id of each window listed: for reports and tests, not 50,000 damages. */
export function windowPoints(damages: DamageColumns, windows: WindowColumns): WindowPoint[] {
  const n = damages.id.length;
  return Array.from(windows.first, (first, w) => {
    const eventCount = windows.eventCount[w]!;
    const events: number[] = [];
    for (let k = 0; k < eventCount; k += 1) events.push(damages.id[(first + k) % n]!);
    return {
      position: damages.position[first]!,
      sum: windows.sum[w]!,
      count: windows.count[w]!,
      lossPct: windows.lossPct[w]!,
      events,
      eventCount,
      damagePosition: damages.position[windows.heaviest[w]!]!,
    };
  });
}

/** Convenience for a list of damages: sort, sweep and answer the points. */
export function sweepWindows(damages: readonly LocatedDamage[], length: number, loopLength?: number): WindowPoint[] {
  const columns = emptyDamages(damages.length);
  for (const damage of damages) {
    const i = columns.length++;
    columns.id[i] = damage.id;
    columns.position[i] = damage.position;
    columns.weight[i] = damage.weight;
    columns.count[i] = damage.count;
    columns.lossPct[i] = damage.lossPct;
  }
  const sorted = sortDamages(columns, loopLength);
  return windowPoints(sorted, sweepColumns(sorted, length, loopLength));
}
