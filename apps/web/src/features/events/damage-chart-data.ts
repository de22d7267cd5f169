import { type DamageChartAnswer, type DecodedDamageChart, decodeDamageChart } from '@rope/domain/views/damage-chart';

export interface DamageLine {
  multiple: number;
  /** m */
  length: number;
  limit: number;
  utilisation: number;
  /** One value per x, null where this reference length has no window start. */
  values: (number | null)[];
}

export interface DamageChartData {
  /** Window starts of all reference lengths, m, ascending and unique. */
  xs: number[];
  lines: DamageLine[];
  metric: 'lossPct' | 'brokenWires';
  /** The largest window value or limit: the y axis reaches at least this. */
  yMax: number;
  /** The decoded columns, for what makes up a window (damageWindow). */
  chart: DecodedDamageChart;
}

/**
 * The damage answer as one x axis (the window starts, in datum positions as the API gives them) and one line per
 * reference length, valued in the rule's metric (% loss or broken wires). Null when no damage counts. All reference
 * lengths share the window starts (one per distinct damage position, ascending), so this decodes the columns once
 * and copies them in O(n): call it once per answer (memoised), not per render.
 */
export function damageChartData(answer: DamageChartAnswer): DamageChartData | null {
  if (answer.windows.length === 0 || answer.result.length === 0) return null;
  const chart = decodeDamageChart(answer);
  const { first, damages } = chart;
  const windows = first.length;
  if (windows === 0) return null;
  const xs: number[] = new Array(windows);
  for (let i = 0; i < windows; i += 1) xs[i] = damages.position[first[i]!]!;
  let yMax = 0;
  const lines = chart.series.map((series) => {
    const values: (number | null)[] = new Array(windows);
    for (let i = 0; i < windows; i += 1) {
      const value = series.value[i];
      values[i] = value ?? null;
      if (value !== undefined && value > yMax) yMax = value;
    }
    yMax = Math.max(yMax, series.limit);
    return {
      multiple: series.multiple,
      length: series.length,
      limit: series.limit,
      utilisation: series.utilisation,
      values,
    };
  });
  return { xs, lines, metric: chart.metric, yMax, chart };
}

/** uPlot's data: x, then each reference length's line (the limits are drawn on top, not data). */
export function damageAlignedData(data: DamageChartData): (number | null)[][] {
  return [data.xs, ...data.lines.map((line) => line.values)];
}

/** The x range to show: the zoom when set, else the data's, widened a little when all windows start at one spot. */
export function damageXRange(data: DamageChartData, zoom: { from: number; to: number } | null): [number, number] {
  if (zoom) return [zoom.from, zoom.to];
  const first = data.xs[0] ?? 0;
  const last = data.xs[data.xs.length - 1] ?? first;
  const longest = Math.max(0, ...data.lines.map((line) => line.length));
  return first === last ? [first - 1, last + 1] : [first, Math.max(last, first) + longest];
}

/** Utilisation as the legend shows it, in percent of the limit, rounded. */
export function utilisationPercent(utilisation: number): number {
  return Math.round(utilisation * 100);
}
