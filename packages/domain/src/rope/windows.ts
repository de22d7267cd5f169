/** One located damage with its weight under the rule in force (loss percent or broken wires). */
export interface LocatedDamage {
  id: number;
  position: number;
  weight: number;
  count: number;
  lossPct: number;
}

export interface WindowPoint {
  /** Start of the window, m. */
  position: number;
  /** Sum of the weights in [position, position + length). */
  sum: number;
  count: number;
  lossPct: number;
  /** The damages at the window's start; listing every damage of every window would grow with n × window size. */
  events: number[];
  /** How many damages the window holds. */
  eventCount: number;
  /** Position of the heaviest damage in the window. */
  damagePosition: number;
}

/**
 * Window sums over [x, x + length) for every window starting at a damage: sort once, then two pointers and a
 * monotonic deque for the heaviest damage, O(n log n) overall. On an endless rope positions wrap at loopLength and
 * a window may run over the splice point; a window never covers more than one loop.
 */
export function sweepWindows(
  damages: readonly LocatedDamage[],
  length: number,
  loopLength?: number,
  options: { sorted?: boolean } = {},
): WindowPoint[] {
  if (damages.length === 0 || !(length > 0)) return [];
  const loop = loopLength && loopLength > 0 ? loopLength : undefined;
  const span = loop ? Math.min(length, loop) : length;
  const sorted =
    options.sorted && !loop
      ? damages
      : damages
          .map((damage) => (loop ? { ...damage, position: ((damage.position % loop) + loop) % loop } : damage))
          .sort(byPosition);
  const n = sorted.length;
  const extended = loop
    ? [...sorted, ...sorted.map((damage) => ({ ...damage, position: damage.position + loop }))]
    : sorted;

  const points: WindowPoint[] = [];
  const deque: number[] = [];
  let end = 0;
  let sum = 0;
  let count = 0;
  let lossPct = 0;
  // Damages at the same position open the same window: one point per distinct start position.
  for (let start = 0; start < n; ) {
    const from = extended[start]!.position;
    let next = start + 1;
    while (next < n && extended[next]!.position === from) next += 1;
    // The end never passes start + n: with a loop, that would count a damage twice.
    while (end < extended.length && end < start + n && extended[end]!.position < from + span) {
      const damage = extended[end]!;
      sum += damage.weight;
      count += damage.count;
      lossPct += damage.lossPct;
      while (deque.length > 0 && extended[deque[deque.length - 1]!]!.weight <= damage.weight) deque.pop();
      deque.push(end);
      end += 1;
    }
    while (deque[0]! < start) deque.shift();
    const heaviest = extended[deque[0]!]!;
    points.push({
      position: from,
      sum,
      count,
      lossPct,
      events: extended.slice(start, next).map((damage) => damage.id),
      eventCount: end - start,
      damagePosition: loop ? heaviest.position % loop : heaviest.position,
    });
    for (let leaving = start; leaving < next; leaving += 1) {
      sum -= extended[leaving]!.weight;
      count -= extended[leaving]!.count;
      lossPct -= extended[leaving]!.lossPct;
    }
    start = next;
  }
  return points;
}

export const byPosition = (a: LocatedDamage, b: LocatedDamage) => a.position - b.position || a.id - b.id;

/** The largest window sum, the quantity compared with a rule's limit. */
export function worstWindow(points: readonly WindowPoint[]): number {
  return points.reduce((worst, point) => Math.max(worst, point.sum), 0);
}
