import {
  type DamageChartAnswer,
  type DecodedDamageChart,
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
  /** The decoded columns, for what makes up a window (damageWindow). */
  chart: DecodedDamageChart;
}

/**
 * The damage answer as one x axis (the window starts, in datum positions as the API gives them) and one line per
 * reference length, valued as utilisation of that length's limit in percent. Limits differ by length (6 % over 6d,
 * 25 % over 500d on haul ropes): in their own metric the governing short windows sat in the bottom quarter of an axis
 * stretched to the largest limit; as utilisation every reference length shares one discard line at 100 % and the
 * highest point is the governing one. Null when no window exists (no damage, or the damage is unknown). All
 * reference lengths share the window starts (one per distinct damage position, ascending), so this decodes the
 * columns once and copies them in O(n): call it once per answer (memoised), not per render.
 */
export function damageChartData(answer: DamageChartAnswer): DamageChartData | null {
  if (answer.status === 'unknown' || answer.windows.length === 0 || answer.result.length === 0) return null;
  const chart = decodeDamageChart(answer);
  const { first, damages } = chart;
  const windows = first.length;
  if (windows === 0) return null;
  const xs: number[] = new Array(windows);
  for (let i = 0; i < windows; i += 1) xs[i] = damages.position[first[i]!]!;
  let yMax = DISCARD_UTILISATION;
  const lines = chart.series.map((series) => {
    const values: (number | null)[] = new Array(windows);
    const sums: (number | null)[] = new Array(windows);
    for (let i = 0; i < windows; i += 1) {
      const sum = series.value[i];
      sums[i] = sum ?? null;
      const value = sum === undefined ? null : (sum / series.limit) * 100;
      values[i] = value;
      if (value !== null && value > yMax) yMax = value;
    }
    return {
      multiple: series.multiple,
      length: series.length,
      limit: series.limit,
      utilisation: series.utilisation,
      values,
      sums,
    };
  });
  return { xs, lines, metric: chart.metric, yMax, chart };
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
