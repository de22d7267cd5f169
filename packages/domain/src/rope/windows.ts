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
  // On an endless rope the second lap repeats the damages for windows running over the splice point. Offsets are
  // measured as (position - start) + lap · loop, never from shifted positions, so rounding cannot reorder them.
  const laps = loop ? 2 : 1;
  const at = (index: number) => sorted[index % n]!;
  const offset = (index: number, from: number) => at(index).position - from + (index >= n ? (loop ?? 0) : 0);

  const points: WindowPoint[] = [];
  const deque: number[] = [];
  let end = 0;
  let sum = 0;
  let count = 0;
  let lossPct = 0;
  // Damages at the same position open the same window: one point per distinct start position.
  for (let start = 0; start < n; ) {
    const from = at(start).position;
    let next = start + 1;
    while (next < n && at(next).position === from) next += 1;
    // The end never passes start + n: with a loop, that would count a damage twice.
    while (end < n * laps && end < start + n && offset(end, from) < span) {
      const damage = at(end);
      sum += damage.weight;
      count += damage.count;
      lossPct += damage.lossPct;
      while (deque.length > 0 && at(deque[deque.length - 1]!).weight <= damage.weight) deque.pop();
      deque.push(end);
      end += 1;
    }
    while (deque[0]! < start) deque.shift();
    const heaviest = at(deque[0]!);
    const events: number[] = [];
    for (let index = start; index < next; index += 1) events.push(at(index).id);
    points.push({
      position: from,
      sum,
      count,
      lossPct,
      events,
      eventCount: end - start,
      damagePosition: heaviest.position,
    });
    for (let leaving = start; leaving < next; leaving += 1) {
      sum -= at(leaving).weight;
      count -= at(leaving).count;
      lossPct -= at(leaving).lossPct;
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
