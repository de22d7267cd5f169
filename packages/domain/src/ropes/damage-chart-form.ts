import type { DamageColumns } from './damage-columns.ts';
import type { ReferenceSeries } from './rope-damage.ts';

/**
 * What a chart about 2,000 pixels wide can show. Up to DAMAGE_CHART_MOST_WINDOWS windows in the range (and the
 * damages they hold, up to DAMAGE_CHART_MOST_DAMAGES) go out whole, damages included; a range with more is
 * answered with its peaks: per reference length, the highest window of each of DAMAGE_CHART_BINS equal spans of the
 * range, with what makes it up. A rope of 50,000 damages answers about 150 KiB compressed instead of 1 MiB, and the
 * user zooms in to see the damages themselves.
 */
export const DAMAGE_CHART_MOST_WINDOWS = 2000;
export const DAMAGE_CHART_MOST_DAMAGES = 5000;
export const DAMAGE_CHART_BINS = 2000;

/** A range of window starts, datum m; either end open. */
export interface DamageChartRange {
  from?: number;
  to?: number;
}

/** Every window starting in the range, and the damages they hold (indices rebased, see selectWindows). */
export interface AllWindows {
  form: 'all';
  /** Damages at sorted indices (start + j) mod n, j < length: the windows' damages, in the order they index them. */
  damages: DamageColumns;
  /** Per window, the index of its first damage in `damages`. */
  first: Int32Array;
  /** Per reference length, per window: its damage count and sum, as the series holds them. */
  eventCount: Int32Array[];
  sum: Float64Array[];
  /** Windows starting in the range. */
  total: number;
}

/** Per reference length, the highest window of each bin of the range, with what makes it up. */
export interface PeakWindows {
  form: 'peaks';
  peaks: {
    position: Float64Array;
    sum: Float64Array;
    eventCount: Int32Array;
    /** Broken wires in the window. */
    count: Float64Array;
    lossPct: Float64Array;
  }[];
  total: number;
}

/**
 * The windows of a computed rope that start within `range`, whole or as peaks. All reference lengths share the
 * window starts (one per distinct damage position, ascending).
 */
export function selectWindows(
  damages: DamageColumns,
  series: readonly ReferenceSeries[],
  range: DamageChartRange = {},
): AllWindows | PeakWindows {
  const starts = series[0]?.windows.first ?? new Int32Array();
  const startPosition = (w: number) => damages.position[starts[w]!]!;
  const lo = range.from === undefined ? 0 : lowerBound(starts.length, (w) => startPosition(w) < range.from!);
  // A range that ends before it starts holds no window.
  const hi = Math.max(
    lo,
    range.to === undefined ? starts.length : lowerBound(starts.length, (w) => startPosition(w) <= range.to!),
  );
  const total = hi - lo;
  const n = damages.id.length;
  let end = lo < hi ? starts[lo]! : 0;
  for (const { windows } of series) {
    for (let w = lo; w < hi; w += 1) end = Math.max(end, windows.first[w]! + windows.eventCount[w]!);
  }
  const held = total === 0 ? 0 : Math.min(n, end - starts[lo]!);
  if (total <= DAMAGE_CHART_MOST_WINDOWS && held <= DAMAGE_CHART_MOST_DAMAGES) {
    return allWindows(damages, series, lo, hi, held);
  }
  return peakWindows(damages, series, lo, hi, startPosition);
}

function allWindows(
  damages: DamageColumns,
  series: readonly ReferenceSeries[],
  lo: number,
  hi: number,
  held: number,
): AllWindows {
  const n = damages.id.length;
  const base = lo < hi ? series[0]!.windows.first[lo]! : 0;
  const pick = (column: Float64Array) => {
    const out = new Float64Array(held);
    for (let j = 0; j < held; j += 1) out[j] = column[(base + j) % n]!;
    return out;
  };
  const lossPct = pick(damages.lossPct);
  const count = pick(damages.count);
  const weight =
    damages.weight === damages.lossPct ? lossPct : damages.weight === damages.count ? count : pick(damages.weight);
  const first = new Int32Array(hi - lo);
  for (let w = lo; w < hi; w += 1) first[w - lo] = series[0]!.windows.first[w]! - base;
  return {
    form: 'all',
    damages: { id: pick(damages.id), position: pick(damages.position), count, lossPct, weight },
    first,
    eventCount: series.map(({ windows }) => windows.eventCount.slice(lo, hi)),
    sum: series.map(({ windows }) => windows.sum.slice(lo, hi)),
    total: hi - lo,
  };
}

function peakWindows(
  damages: DamageColumns,
  series: readonly ReferenceSeries[],
  lo: number,
  hi: number,
  startPosition: (w: number) => number,
): PeakWindows {
  const n = damages.id.length;
  // Sums over the sorted damages twice over, so that a window running past the splice point is one difference.
  const prefix = (column: Float64Array) => {
    const sums = new Float64Array(2 * n + 1);
    for (let i = 0; i < 2 * n; i += 1) sums[i + 1] = sums[i]! + column[i % n]!;
    return sums;
  };
  const counts = prefix(damages.count);
  const losses = prefix(damages.lossPct);
  const from = startPosition(lo);
  const span = startPosition(hi - 1) - from;
  const binOf = (w: number) =>
    span > 0 ? Math.min(DAMAGE_CHART_BINS - 1, Math.floor(((startPosition(w) - from) / span) * DAMAGE_CHART_BINS)) : 0;
  const peaks = series.map(({ windows }) => {
    const chosen: number[] = [];
    let bin = -1;
    for (let w = lo; w < hi; w += 1) {
      const b = binOf(w);
      if (b !== bin) {
        chosen.push(w);
        bin = b;
      } else if (windows.sum[w]! > windows.sum[chosen[chosen.length - 1]!]!) {
        chosen[chosen.length - 1] = w;
      }
    }
    const length = chosen.length;
    const peak = {
      position: new Float64Array(length),
      sum: new Float64Array(length),
      eventCount: new Int32Array(length),
      count: new Float64Array(length),
      lossPct: new Float64Array(length),
    };
    chosen.forEach((w, k) => {
      const first = windows.first[w]!;
      const last = first + windows.eventCount[w]!;
      peak.position[k] = startPosition(w);
      peak.sum[k] = windows.sum[w]!;
      peak.eventCount[k] = windows.eventCount[w]!;
      peak.count[k] = counts[last]! - counts[first]!;
      peak.lossPct[k] = losses[last]! - losses[first]!;
    });
    return peak;
  });
  return { form: 'peaks', peaks, total: hi - lo };
}

/** The first index in [0, length) for which `before` is false; `before` holds for a prefix. */
function lowerBound(length: number, before: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
