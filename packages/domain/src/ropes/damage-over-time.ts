import { eventLossPct, lossModel } from './cross-section.ts';
import { wrapPosition } from './damage-columns.ts';
import {
  applyHistoryChange,
  changesHistory,
  datumPosition,
  isDamage,
  type RopeEventInput,
} from './effective-events.ts';
import { missingInputs } from './missing-inputs.ts';
import { computeRopeDamage } from './rope-damage.ts';
import { ruleRowFor } from './rule-sets.ts';
import type { RopeAttributes } from './schemas.ts';

interface Damage {
  id: number;
  position: number;
  weight: number;
  wireOnly: boolean;
}

/** An event with a valid time, in the order of the replay; `damage` when it is a located damage. */
interface HistoryEntry {
  event: RopeEventInput;
  at: number;
  damage: Damage | undefined;
}

/**
 * The rope's damage % as computeRopeDamage answers it with `asOf` set to each instant of `asOfs` (ascending), null
 * where it is unknown; without computing the rope afresh for each. A rope of 50,000 damages has as many instants,
 * and the damage afresh at each took O(n² log n): 20 s for 5,000 events. Here the events are replayed once in
 * time order, and each reference length keeps the sum of every window in a segment tree: a damage adds its weight
 * to the windows that cover it, the worst window is the tree's top. A repair piece or a relevant mutation moves or
 * removes damages already counted, so the trees are built again after each (rare). O(n log n) between them.
 * The sums are added in another order than the sweep's, so a figure may differ from computeRopeDamage's in the last
 * bits of a double (the tests compare within 1e-9); a weight that is not a finite number takes computeRopeDamage.
 */
export function damageAtEachInstant(
  rope: RopeAttributes,
  events: readonly RopeEventInput[],
  asOfs: readonly number[],
  loopLength?: number,
): (number | null)[] {
  const { ruleSet, row } = ruleRowFor(rope);
  const unknownWith = [false, true].map((wireOnly) => missingInputs(rope, ruleSet, row, wireOnly).length > 0);
  if (unknownWith[0] && unknownWith[1]) return asOfs.map(() => null);
  const model = lossModel(rope);
  const offset = rope.positionOffset ?? 0;
  const loop = loopLength && loopLength > 0 ? loopLength : 0;
  const diameterM = (rope.nominalDiameter ?? 0) / 1000;
  const lengths = row.lengths.map(({ multiple, limit }) => ({ span: spanOf(multiple * diameterM, loop), limit }));
  const weightOf = (event: RopeEventInput) => {
    if (row.metric === 'lossPct') return eventLossPct(event.attributes, rope, model);
    return row.metric === 'brokenWires' ? (event.attributes.damageCount ?? 0) : 0;
  };
  // History in the order effectiveDamages replays it: by time, ties by id; an event without a valid time never counts.
  const history: HistoryEntry[] = events
    .map((event) => ({ event, at: Date.parse(event.attributes.timestamp), damage: undefined }))
    .filter((entry) => Number.isFinite(entry.at))
    .sort((a, b) => a.at - b.at || a.event.id - b.event.id);
  const toDamage = (event: RopeEventInput): Damage => {
    const { damageCount, crossSectionLossAmount } = event.attributes;
    return {
      id: event.id,
      position: datumPosition(event, offset)!,
      weight: weightOf(event),
      wireOnly: (damageCount ?? 0) > 0 && !((crossSectionLossAmount ?? 0) > 0),
    };
  };
  // Each counted event's damage made once: the trees' windows and the replay both read it.
  for (const entry of history)
    if (isDamage(entry.event) && entry.event.position !== null) entry.damage = toDamage(entry.event);
  if (history.some(({ damage }) => damage && !Number.isFinite(damage.weight))) {
    return asOfs.map((asOf) => computeRopeDamage(rope, events, { asOf, loopLength }).damage);
  }

  let damages: Damage[] = [];
  // Counted, not looked for at each instant: that alone would be the square again.
  let wireOnly = 0;
  let trees: WindowTrees | undefined;
  let next = 0;
  return asOfs.map((asOf) => {
    for (; next < history.length && history[next]!.at < asOf; next += 1) {
      const { event, damage } = history[next]!;
      if (damage) {
        damages.push(damage);
        if (damage.wireOnly) wireOnly += 1;
        trees?.add(damage);
      } else if (changesHistory(event) && event.position !== null) {
        damages = applyHistoryChange(damages, event);
        wireOnly = damages.filter((damage) => damage.wireOnly).length;
        trees = undefined;
      }
    }
    trees ??= buildTrees(damages, history, next, lengths, loop);
    if (unknownWith[wireOnly > 0 ? 1 : 0]) return null;
    let utilisation = 0;
    for (const [index, { limit }] of lengths.entries()) {
      utilisation = Math.max(utilisation, Math.max(0, trees.worst(index)) / limit);
    }
    return 100 * utilisation;
  });
}

/** A window of the given length on a rope of the given loop (0: not endless) never covers more than one loop. */
function spanOf(length: number, loop: number): number {
  if (!(length > 0)) return 0;
  return loop ? Math.min(length, loop) : length;
}

interface WindowTrees {
  add(damage: Damage): void;
  /** The largest window sum of reference length `index`; -Infinity without a window. */
  worst(index: number): number;
}

/**
 * One tree per reference length over the positions of the damages counted now and of those to come before the next
 * change of history: the windows start at those positions (windowStarts), and each is open once a damage lies there.
 */
function buildTrees(
  damages: readonly Damage[],
  history: readonly HistoryEntry[],
  from: number,
  lengths: readonly { span: number }[],
  loop: number,
): WindowTrees {
  const positions = damages.map((damage) => wrapPosition(damage.position, loop || undefined));
  for (let i = from; i < history.length; i += 1) {
    const { event, damage } = history[i]!;
    if (changesHistory(event) && event.position !== null) break;
    if (damage) positions.push(wrapPosition(damage.position, loop || undefined));
  }
  const starts = Float64Array.from(new Set(positions)).sort();
  const trees = lengths.map(({ span }) => new WindowSumTree(starts, span, loop));
  const add = (damage: Damage) => {
    const position = wrapPosition(damage.position, loop || undefined);
    // Its window's index, the same in every tree: they share the starts.
    const at = lowerBound(starts, position, starts.length);
    for (const tree of trees) tree.add(position, at, damage.weight);
  };
  for (const damage of damages) add(damage);
  return { add, worst: (index) => trees[index]!.worst() };
}

/**
 * The sums of the windows [s, s + span) starting at each of the given sorted positions s (wrapping at the loop on
 * an endless rope, as sweepColumns measures offsets), and the largest among the windows opened so far. A window's sum
 * grows while it is still closed, so opening it shows what it holds. Bottom-up, without recursion: each inner node
 * holds what was added to all of its windows at once and the largest open window below it with that included, so
 * the root is the worst window and a window's sum is its own additions and its ancestors' (range add, max of all).
 */
class WindowSumTree {
  readonly #size: number;
  /** Per node: its largest open window, with what was added at the node and below it; -Infinity while none is open. */
  readonly #top: Float64Array;
  /** Per inner node: the weight added to every window below it at once. */
  readonly #held: Float64Array;
  /** Per window: the weight added to it alone, open or not. */
  readonly #own: Float64Array;
  readonly #open: Uint8Array;

  constructor(
    readonly starts: Float64Array,
    readonly span: number,
    readonly loop: number,
  ) {
    let size = 1;
    while (size < Math.max(1, starts.length)) size *= 2;
    this.#size = size;
    this.#top = new Float64Array(2 * size).fill(Number.NEGATIVE_INFINITY);
    this.#held = new Float64Array(size);
    this.#own = new Float64Array(size);
    this.#open = new Uint8Array(size);
  }

  worst(): number {
    return this.#top[1]!;
  }

  /**
   * A damage at `position` (one of the starts, the one at index `at`) with `weight`: opens its window and adds to
   * every window covering it.
   */
  add(position: number, at: number, weight: number) {
    const { starts, span, loop } = this;
    if (!(span > 0)) return;
    const count = starts.length;
    this.#openWindow(at);
    // Windows starting at or before the damage, as sweepColumns' `position - from < span` counts it: the first index
    // where that holds (it holds from there on).
    let low = 0;
    let high = at + 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (position - starts[middle]! < span) high = middle;
      else low = middle + 1;
    }
    this.#addRange(low, at + 1, weight);
    // On a loop, the windows starting after it that reach it over the splice point: `position - from + loop < span`.
    if (loop) {
      low = at + 1;
      high = count;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (position - starts[middle]! + loop < span) high = middle;
        else low = middle + 1;
      }
      this.#addRange(low, count, weight);
    }
  }

  /** Its ancestors are made again by the add that follows, whose range ends at this window. */
  #openWindow(leaf: number) {
    if (this.#open[leaf]) return;
    this.#open[leaf] = 1;
    this.#top[this.#size + leaf] = this.#own[leaf]!;
  }

  /** Adds `weight` to the windows [from, to): to the nodes that cover the range, then their ancestors again. */
  #addRange(from: number, to: number, weight: number) {
    if (from >= to) return;
    let low = from + this.#size;
    let high = to + this.#size;
    const firstLeaf = low;
    const lastLeaf = high - 1;
    for (; low < high; low >>= 1, high >>= 1) {
      if (low & 1) this.#apply(low++, weight);
      if (high & 1) this.#apply(--high, weight);
    }
    // The ancestors of both ends, level by level, once where their paths meet.
    let left = firstLeaf >> 1;
    let right = lastLeaf >> 1;
    for (; left !== right; left >>= 1, right >>= 1) {
      this.#rebuild(left);
      this.#rebuild(right);
    }
    for (; left >= 1; left >>= 1) this.#rebuild(left);
  }

  #apply(node: number, weight: number) {
    // -Infinity (nothing open below) stays so.
    this.#top[node] = this.#top[node]! + weight;
    if (node < this.#size) this.#held[node] = this.#held[node]! + weight;
    else this.#own[node - this.#size] = this.#own[node - this.#size]! + weight;
  }

  #rebuild(node: number) {
    const top = this.#top;
    top[node] = Math.max(top[2 * node]!, top[2 * node + 1]!) + this.#held[node]!;
  }
}

/** The first index in [from, to) of a sorted array whose value is not below `value`. */
function lowerBound(values: Float64Array, value: number, to: number): number {
  let low = 0;
  let high = to;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
