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
 * eventCount[i] damages from there on (running past the last damage to the first on an endless rope). What a
 * window holds besides its sum (count, loss, heaviest damage) follows from those (windowPoints, damageWindow): the
 * chart needs it for one window at a time, so the sweep does not compute it for 50,000.
 */
export interface WindowColumns {
  first: Int32Array;
  eventCount: Int32Array;
  /** The weight summed over the window: the quantity compared with the rule's limit. */
  sum: Float64Array;
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
 * pointers over the sorted damages, O(n). On an endless rope a window may run over the splice point into a second
 * lap; offsets are measured as (position - start) + lap · loop, never from shifted positions, so rounding cannot
 * reorder them, and a window never covers more than one loop.
 */
export function sweepColumns(
  damages: DamageColumns,
  length: number,
  loopLength?: number,
  allStarts: Int32Array = windowStarts(damages.position),
): WindowColumns {
  const n = damages.position.length;
  const loop = loopLength && loopLength > 0 ? loopLength : 0;
  const span = loop ? Math.min(length, loop) : length;
  const { position, weight } = damages;
  const starts = n > 0 && length > 0 ? allStarts : new Int32Array(0);
  const windows = starts.length;
  const eventCount = new Int32Array(windows);
  const sums = new Float64Array(windows);
  // The end never passes start + n: with a loop, that would count a damage twice.
  const lastEnd = loop ? 2 * n : n;
  let end = 0;
  let sum = 0;
  for (let w = 0; w < windows; w += 1) {
    const start = starts[w]!;
    const next = w + 1 < windows ? starts[w + 1]! : n;
    const from = position[start]!;
    const endLimit = Math.min(start + n, lastEnd);
    while (end < endLimit) {
      const at = end < n ? end : end - n;
      const offset = position[at]! - from + (end < n ? 0 : loop);
      if (!(offset < span)) break;
      sum += weight[at]!;
      end += 1;
    }
    eventCount[w] = end - start;
    sums[w] = sum;
    for (let leaving = start; leaving < next; leaving += 1) sum -= weight[leaving]!;
  }
  return { first: starts, eventCount, sum: sums };
}

/**
 * Index of the first damage at each distinct position: damages at one position open one window. The same for
 * every reference length, so a caller sweeping several computes it once.
 */
export function windowStarts(position: Float64Array): Int32Array {
  const starts = new Int32Array(position.length);
  let windows = 0;
  for (let i = 0; i < position.length; i += 1) {
    if (i === 0 || position[i] !== position[i - 1]) starts[windows++] = i;
  }
  return starts.slice(0, windows);
}

/** The largest window sum, the quantity compared with a rule's limit. */
export function worstWindow(windows: WindowColumns): number {
  const sums = windows.sum;
  let worst = 0;
  for (let w = 0; w < sums.length; w += 1) if (sums[w]! > worst) worst = sums[w]!;
  return worst;
}

/** The windows as WindowPoints, every id of each window listed: for reports and tests, not 50,000 damages. */
export function windowPoints(damages: DamageColumns, windows: WindowColumns): WindowPoint[] {
  const n = damages.id.length;
  return Array.from(windows.first, (first, w) => {
    const eventCount = windows.eventCount[w]!;
    const events: number[] = [];
    let count = 0;
    let lossPct = 0;
    let heaviest = first;
    for (let k = 0; k < eventCount; k += 1) {
      const at = (first + k) % n;
      events.push(damages.id[at]!);
      count += damages.count[at]!;
      lossPct += damages.lossPct[at]!;
      // The last of equal weights, as the chart's damageWindow names it.
      if (damages.weight[at]! >= damages.weight[heaviest]!) heaviest = at;
    }
    return {
      position: damages.position[first]!,
      sum: windows.sum[w]!,
      count,
      lossPct,
      events,
      eventCount,
      damagePosition: damages.position[heaviest]!,
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
