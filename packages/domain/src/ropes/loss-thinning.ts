import type { LossPoint } from '../events/views.ts';

/**
 * The most points of the loss chart a browser asks for: about one per pixel of a wide chart, as the damage chart's
 * 2,000 spans. A rope inspected and damaged 50,000 times would otherwise send 50,000 points (several MB).
 */
export const LOSS_CHART_POINTS = 2000;
/** The fewest a caller may ask for: one span of the chart keeps up to five points. */
export const LOSS_CHART_MIN_POINTS = 10;
export const LOSS_CHART_MAX_POINTS = 100_000;

/** Points kept per span at most: its first and last on the axis, its lowest and highest damage, a gap. */
const KEPT_PER_SPAN = 5;

/**
 * At most `most` of the points, as a chart of that many pixels draws them all: the axis from the lowest to the
 * highest x is cut into equal spans, and each span keeps its first and last point on the axis, its lowest and its
 * highest damage and one point whose damage is unknown (a gap in the line). Each kept point is one of the given ones,
 * figures unchanged; they stay in the order given. Points without an x (`xOf` null) are not on this axis and are
 * left out. Fewer than `most` points come back as they are.
 */
export function thinLossPoints(
  points: readonly LossPoint[],
  xOf: (point: LossPoint) => number | null,
  most: number,
): LossPoint[] {
  if (points.length <= most) return [...points];
  const xs = points.map(xOf);
  return keptInSpans(xs, Math.max(1, Math.floor(most / KEPT_PER_SPAN)), (index) => points[index]!.damage).map(
    (index) => points[index]!,
  );
}

/**
 * At most `most` of the (cycles, timestamp) pairs, for interpolating cycles at an instant: time is cut into equal
 * spans, and each keeps its first and last pair, so the line through the kept pairs meets every pair at a span's
 * ends. In the order given.
 */
export function thinCyclePairs(pairs: readonly [number, string][], most: number): [number, string][] {
  if (pairs.length <= most) return [...pairs];
  const times = pairs.map(([, timestamp]) => Date.parse(timestamp));
  return keptInSpans(times, Math.max(1, Math.floor(most / 2))).map((index) => pairs[index]!);
}

/**
 * The indexes kept: per span of x, the lowest and highest x, and with `damageAt` the lowest and highest value and the
 * first unknown (null) one. Indexes whose x is null or not finite are left out. Ascending.
 */
function keptInSpans(
  xs: readonly (number | null)[],
  spans: number,
  damageAt?: (index: number) => number | null,
): number[] {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const x of xs) {
    if (x === null || !Number.isFinite(x)) continue;
    low = Math.min(low, x);
    high = Math.max(high, x);
  }
  if (low > high) return [];
  const width = (high - low) / spans;
  const spanOf = (x: number) => (width === 0 ? 0 : Math.min(spans - 1, Math.floor((x - low) / width)));
  const first = new Int32Array(spans).fill(-1);
  const last = new Int32Array(spans).fill(-1);
  const lowest = new Int32Array(spans).fill(-1);
  const highest = new Int32Array(spans).fill(-1);
  const gap = new Int32Array(spans).fill(-1);
  xs.forEach((x, index) => {
    if (x === null || !Number.isFinite(x)) return;
    const span = spanOf(x);
    if (first[span] === -1 || x < xs[first[span]!]!) first[span] = index;
    if (last[span] === -1 || x >= xs[last[span]!]!) last[span] = index;
    if (!damageAt) return;
    const value = damageAt(index);
    if (value === null) {
      if (gap[span] === -1) gap[span] = index;
      return;
    }
    if (lowest[span] === -1 || value < damageAt(lowest[span]!)!) lowest[span] = index;
    if (highest[span] === -1 || value > damageAt(highest[span]!)!) highest[span] = index;
  });
  const kept = new Set<number>();
  for (const chosen of [first, last, lowest, highest, gap]) for (const index of chosen) if (index >= 0) kept.add(index);
  return [...kept].sort((a, b) => a - b);
}
