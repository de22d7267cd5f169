import {
  type DamageChartAnswer,
  type DecodedDamageChart,
  damageWindow,
  decodeDamageChart,
} from '@rope/domain/ropes/damage-chart-answer';
import { damageGauge } from '@rope/domain/ropes/gauge';

/** The discard line: 100 % of each reference length's limit. */
export const DISCARD_UTILISATION = 100;

export interface DamageLine {
  multiple: number;
  /** m */
  length: number;
  limit: number;
  utilisation: number;
  /**
   * One value per x: the window's utilisation of this reference length's limit in percent (window sum / limit ·
   * 100), null where this reference length has no window start.
   */
  values: (number | null)[];
  /** The window sums in the rule's metric (% loss or broken wires), for the legend. */
  sums: (number | null)[];
}

export interface DamageChartData {
  /** Window starts of all reference lengths, m (datum positions), ascending and unique. */
  xs: number[];
  lines: DamageLine[];
  metric: 'lossPct' | 'brokenWires';
  /** The largest utilisation drawn, at least the discard line: the y axis reaches this plus headroom. */
  yMax: number;
  /** The decoded columns, for what makes up a window (damageWindowAt). */
  chart: DecodedDamageChart;
  /** In the peaks form: per line, the index of its peak at each x, -1 where it has none. */
  peakAt?: Int32Array[];
}

/** What the hovered window holds: its loss, broken wires and damages. */
export interface WindowDetail {
  lossPct: number;
  count: number;
  events: number;
}

/**
 * The damage answer as one x axis (the window starts, in datum positions as the API gives them) and one line per
 * reference length, valued as utilisation of that length's limit in percent. Limits differ by length (6 % over 6d,
 * 25 % over 500d on haul ropes): in their own metric the governing short windows sat in the bottom quarter of an axis
 * stretched to the largest limit; as utilisation every reference length shares one discard line at 100 % and the
 * highest point is the governing one. Null when no window exists (no damage, or the damage is unknown). In the
 * form with every window, all reference lengths share the window starts (one per distinct damage position,
 * ascending); in the peaks form each has its own (peaksData). Decodes the columns once and copies them in O(n): call
 * it once per answer (memoised), not per render.
 */
export function damageChartData(answer: DamageChartAnswer): DamageChartData | null {
  if (answer.status === 'unknown' || answer.result.length === 0) return null;
  const chart = decodeDamageChart(answer);
  return chart.form === 'peaks' ? peaksData(chart) : windowsData(chart);
}

function windowsData(chart: DecodedDamageChart): DamageChartData | null {
  const { first, damages } = chart;
  const windows = first.length;
  if (windows === 0) return null;
  const xs: number[] = new Array(windows);
  for (let i = 0; i < windows; i += 1) xs[i] = damages.position[first[i]!]!;
  const lines = chart.series.map((series) => line(series, series.value, (i) => i, windows));
  return { xs, lines, metric: chart.metric, yMax: highest(lines), chart };
}

/**
 * The peaks form: each reference length has its highest window per span of the rope at a start of its own, so the
 * x axis is the union of those starts and each line has a value where it has a peak, null elsewhere.
 */
function peaksData(chart: DecodedDamageChart): DamageChartData | null {
  const all = chart.series.flatMap((series) => Array.from(series.peaks?.position ?? []));
  if (all.length === 0) return null;
  const xs = [...new Set(all)].sort((a, b) => a - b);
  const indexOf = new Map(xs.map((x, i) => [x, i]));
  const peakAt = chart.series.map((series) => {
    const at = new Int32Array(xs.length).fill(-1);
    series.peaks?.position.forEach((position, k) => {
      at[indexOf.get(position)!] = k;
    });
    return at;
  });
  const lines = chart.series.map((series, index) => {
    const at = peakAt[index]!;
    return line(series, series.peaks?.value ?? new Float32Array(), (i) => at[i]!, xs.length);
  });
  return { xs, lines, metric: chart.metric, yMax: highest(lines), chart, peakAt };
}

/** One line over `length` x values: the sum of the window at x (`indexAt`, -1 for none) as utilisation. */
function line(
  series: DecodedDamageChart['series'][number],
  sumsOf: Float32Array,
  indexAt: (x: number) => number,
  length: number,
): DamageLine {
  const values: (number | null)[] = new Array(length);
  const sums: (number | null)[] = new Array(length);
  for (let i = 0; i < length; i += 1) {
    const k = indexAt(i);
    const sum = k < 0 ? undefined : sumsOf[k];
    sums[i] = sum ?? null;
    values[i] = sum === undefined ? null : (sum / series.limit) * 100;
  }
  return {
    multiple: series.multiple,
    length: series.length,
    limit: series.limit,
    utilisation: series.utilisation,
    values,
    sums,
  };
}

function highest(lines: readonly DamageLine[]): number {
  let yMax = DISCARD_UTILISATION;
  for (const { values } of lines) for (const value of values) if (value !== null && value > yMax) yMax = value;
  return yMax;
}

/** What the window of line `lineIndex` at x index `xIndex` holds; null where the line has no window there. */
export function damageWindowAt(data: DamageChartData, lineIndex: number, xIndex: number): WindowDetail | null {
  if (data.peakAt) {
    const k = data.peakAt[lineIndex]?.[xIndex] ?? -1;
    const peaks = data.chart.series[lineIndex]?.peaks;
    if (k < 0 || !peaks) return null;
    return { lossPct: peaks.lossPct[k]!, count: peaks.count[k]!, events: peaks.eventCount[k]! };
  }
  if (data.lines[lineIndex]?.values[xIndex] == null) return null;
  const window = damageWindow(data.chart, lineIndex, xIndex);
  return { lossPct: window.lossPct, count: window.count, events: window.events.length };
}

/**
 * The range of window starts to ask the server for when zoomed on a rope answered as peaks: from one longest
 * reference length before the zoom, so that windows reaching into it are drawn too, to its end.
 */
export function damageZoomRange(
  answer: DamageChartAnswer | undefined,
  zoom: { from: number; to: number } | null,
): { from: number; to: number } | null {
  if (!answer || !zoom || answer.windows.form !== 'peaks') return null;
  const longest = Math.max(0, ...answer.result.map((series) => series.length));
  return { from: zoom.from - longest, to: zoom.to };
}

/** uPlot's data: x, then each reference length's line (the discard line is drawn on top, not data). */
export function damageAlignedData(data: DamageChartData): (number | null)[][] {
  return [data.xs, ...data.lines.map((line) => line.values)];
}

/** The y range: from 0, at least to the discard line, with headroom above the highest window. */
export function damageYRange(data: DamageChartData): [number, number] {
  return [0, data.yMax * 1.1];
}

/**
 * The x range to show: the zoom when set, else from the first window start to the end of the last window of the
 * longest reference length, with a margin; never zero-width, so a rope with damages at one position shows them.
 */
export function damageXRange(data: DamageChartData, zoom: { from: number; to: number } | null): [number, number] {
  if (zoom) return zoom.from < zoom.to ? [zoom.from, zoom.to] : [zoom.from - 0.5, zoom.from + 0.5];
  const first = data.xs[0] ?? 0;
  const last = data.xs[data.xs.length - 1] ?? first;
  const longest = Math.max(0, ...data.lines.map((line) => line.length));
  const end = Math.max(last, first) + longest;
  const margin = Math.max(0.5, (end - first) * 0.05);
  return [first - margin, end + margin];
}

/** Utilisation as the legend shows it, in percent of the limit, rounded as the damage gauge rounds it. */
export function utilisationPercent(utilisation: number): number {
  return damageGauge(utilisation * 100).percent;
}
