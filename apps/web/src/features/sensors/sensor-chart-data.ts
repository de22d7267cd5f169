import { MAX_CHART_BUCKETS } from '@rope/domain/sensors/limits';
import type { SensorPlotline, Trendline } from '@rope/domain/sensors/schemas';
import type { SensorAggregatesAnswer, SensorDeviceView, SensorTrend, SensorView } from '@rope/domain/sensors/views';
import { type ChartRange, rangeStart } from '../../components/chart-ranges';
import type { DurationUnit } from '../../lib/format';

export const SENSOR_RANGES = ['1W', '1M', '3M', '1Y', 'All'] as const satisfies readonly ChartRange[];
export type SensorRange = (typeof SENSOR_RANGES)[number];
export const DEFAULT_SENSOR_RANGE: SensorRange = '1M';

/** The order the trendlines of a value are drawn and listed in. */
export const TRENDLINE_ORDER = ['min', 'max', 'avg', 'median'] as const satisfies readonly Trendline[];

/** A value a chart draws from the sensor's readings: its legend name and unit, its calibration, its trendlines. */
export interface ChartValue {
  name: string;
  unit: string;
  /** Added to every reading and every trend figure before it is shown. */
  offset: number;
  trendlines: Trendline[];
}

type ChartSensor = Pick<SensorView, 'name' | 'attributes'>;

/** The sensors a rope's charts show: not archived and not switched off, device by device. */
export function chartedSensors(
  devices: readonly SensorDeviceView[],
): { device: SensorDeviceView; sensor: SensorView }[] {
  return devices.flatMap((device) =>
    device.sensors
      .filter((sensor) => !sensor.isDeleted && sensor.attributes.isEnabled !== false)
      .map((sensor) => ({ device, sensor })),
  );
}

export function chartTitle(sensor: ChartSensor): string {
  return sensor.attributes.chartTitle?.trim() || sensor.name;
}

/** The enabled values of a sensor; one that lists none draws its readings under its own name. */
export function chartValues(sensor: ChartSensor): ChartValue[] {
  const values = sensor.attributes.values ?? [];
  if (values.length === 0) return [{ name: sensor.name, unit: '', offset: 0, trendlines: [] }];
  return values
    .filter((value) => value.isEnabled !== false)
    .map((value) => ({
      name: value.name || sensor.name,
      unit: value.unit,
      offset: value.offset ?? 0,
      trendlines: TRENDLINE_ORDER.filter((kind) => value.trendlines?.[kind] === true),
    }));
}

/** The median costs the server a pass over every reading: asked for only when a value draws it. */
export function wantsMedian(values: readonly ChartValue[]): boolean {
  return values.some((value) => value.trendlines.includes('median'));
}

/** A time window in epoch milliseconds, [from, to). */
export interface TimeWindow {
  from: number;
  to: number;
}

const MIN_WINDOW_MS = 60_000;

/**
 * The window of a range button: counted back from now, All from the sensor's start date (or the device's creation);
 * never before the start date, since the sensor has nothing to show before it was mounted.
 */
export function rangeWindow(
  range: SensorRange,
  now: Date,
  startDate: string | undefined,
  fallbackStart: string,
): TimeWindow {
  const to = now.getTime();
  const mounted = startDate ? Date.parse(startDate) : Number.NaN;
  const fallback = Date.parse(fallbackStart);
  let from = rangeStart(range, now)?.getTime() ?? (Number.isFinite(mounted) ? mounted : fallback);
  if (Number.isFinite(mounted)) from = Math.max(from, mounted);
  if (!Number.isFinite(from)) from = to - 365 * 86_400_000;
  return { from: Math.min(from, to - MIN_WINDOW_MS), to };
}

/** A zoom dragged on the chart (seconds, as uPlot counts), as a window; null when it is too narrow to mean one. */
export function zoomWindow(fromSeconds: number, toSeconds: number): TimeWindow | null {
  const from = Math.round(Math.min(fromSeconds, toSeconds) * 1000);
  const to = Math.round(Math.max(fromSeconds, toSeconds) * 1000);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to - from < MIN_WINDOW_MS) return null;
  return { from, to };
}

const BUCKET_STEP = 50;

/**
 * Buckets to ask for: about one per pixel of the chart, at most MAX_CHART_BUCKETS, in steps of 50 so a slightly
 * resized window asks nothing new.
 */
export function bucketsForWidth(width: number): number {
  const stepped = Math.floor(width / BUCKET_STEP) * BUCKET_STEP;
  return Math.min(MAX_CHART_BUCKETS, Math.max(BUCKET_STEP, stepped));
}

/** One value's lines: the band of each bucket's lowest and highest reading, and its mean. */
export interface ValueLines {
  min: (number | null)[];
  max: (number | null)[];
  avg: (number | null)[];
}

export interface TrendLine {
  /** Index into the chart's values. */
  value: number;
  kind: Trendline;
  y: number;
}

export interface SensorChartData {
  /** Bucket middles in epoch seconds, with a gap marker where readings stopped for a while. */
  xs: number[];
  lines: ValueLines[];
  trends: TrendLine[];
  /** Readings in the window; 0 draws no chart. */
  count: number;
}

/** A pause longer than this many bucket spacings is drawn as a gap, not bridged by a line. */
const GAP_SPACINGS = 3;

/**
 * The aggregates answer as chart lines, per value with its offset added: min and max make a band (so no spike is
 * lost however coarse the buckets), the mean a line; a gap in the readings stays a gap. Buckets sit at their middle.
 */
export function sensorChartData(answer: SensorAggregatesAnswer, values: readonly ChartValue[]): SensorChartData {
  const half = answer.bucketSeconds / 2;
  const buckets = answer.buckets
    .map((bucket) => ({ ...bucket, x: Date.parse(bucket.ts) / 1000 + half }))
    .filter((bucket) => Number.isFinite(bucket.x))
    .sort((a, b) => a.x - b.x);
  const limit = GAP_SPACINGS * Math.max(answer.bucketSeconds, typicalSpacing(buckets.map((bucket) => bucket.x)));
  const xs: number[] = [];
  const rows: ((typeof buckets)[number] | null)[] = [];
  for (const [i, bucket] of buckets.entries()) {
    const previous = buckets[i - 1];
    if (previous && bucket.x - previous.x > limit) {
      xs.push((previous.x + bucket.x) / 2);
      rows.push(null);
    }
    xs.push(bucket.x);
    rows.push(bucket);
  }
  const lines = values.map((value) => ({
    min: rows.map((row) => (row ? row.min + value.offset : null)),
    max: rows.map((row) => (row ? row.max + value.offset : null)),
    avg: rows.map((row) => (row ? row.avg + value.offset : null)),
  }));
  return { xs, lines, trends: trendLines(answer.trend, values), count: answer.trend.count };
}

/** The median distance between neighbouring buckets: how often readings come, whatever the bucket width. */
function typicalSpacing(xs: readonly number[]): number {
  const gaps = xs.slice(1).map((x, i) => x - xs[i]!);
  if (gaps.length === 0) return 0;
  const sorted = [...gaps].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The trendlines the values ask for, at the range's figures plus each value's offset; a figure not known is left out. */
export function trendLines(trend: SensorTrend, values: readonly ChartValue[]): TrendLine[] {
  return values.flatMap((value, index) =>
    value.trendlines.flatMap((kind) => {
      const figure = trend[kind];
      return typeof figure === 'number' ? [{ value: index, kind, y: figure + value.offset }] : [];
    }),
  );
}

/**
 * The y range: yMin and yMax where set, the data's (with a little room) where not. Plotlines and trendlines count
 * as data, so a limit line is in view unless the sensor fixes the range.
 */
export function yRange(
  fixed: { yMin?: number; yMax?: number },
  data: SensorChartData,
  plotlines: readonly SensorPlotline[],
): [number, number] {
  const figures = [
    ...data.lines.flatMap((line) => [...line.min, ...line.max]),
    ...data.trends.map((trend) => trend.y),
    ...plotlines.map((line) => line.position),
  ].filter((figure): figure is number => typeof figure === 'number' && Number.isFinite(figure));
  const low = figures.length > 0 ? Math.min(...figures) : 0;
  const high = figures.length > 0 ? Math.max(...figures) : 1;
  const room = (high - low) * 0.05 || Math.abs(high) * 0.05 || 1;
  const min = fixed.yMin ?? low - room;
  let max = fixed.yMax ?? high + room;
  if (max <= min) max = min + (fixed.yMax === undefined ? Math.max(room, 1) : 1);
  return [min, max];
}

export interface SmartropeEventChartData {
  xs: number[];
  values: number[];
}

/** An event's measurements (epoch seconds) as one line, oldest first. */
export function eventChartData(
  measurements: readonly { unixTimestamp: number; value: number }[],
): SmartropeEventChartData {
  const sorted = [...measurements].sort((a, b) => a.unixTimestamp - b.unixTimestamp);
  return { xs: sorted.map((m) => m.unixTimestamp), values: sorted.map((m) => m.value) };
}

const UNIT_SECONDS: [DurationUnit, number][] = [
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** A bucket width in the largest unit it is a whole number of: 7200 s is 2 hours, 90 s is 90 seconds. */
export function bucketDuration(seconds: number): { value: number; unit: DurationUnit } {
  const [unit, size] = UNIT_SECONDS.find(([, size]) => seconds >= size && seconds % size === 0) ?? ['second', 1];
  return { value: seconds / size, unit };
}

/**
 * The chart's columns for uPlot: time, then per value its band's top and bottom and its mean, then each trendline
 * and plotline as a constant. The window's ends are added as points with no reading, so the horizontal lines cross
 * the whole window while the readings stop where they stop.
 */
export function sensorAlignedData(
  data: SensorChartData,
  window: TimeWindow,
  plotlines: readonly SensorPlotline[],
): (number | null)[][] {
  const from = window.from / 1000;
  const to = window.to / 1000;
  const before = data.xs.length === 0 || from < data.xs[0]! ? 1 : 0;
  const after = data.xs.length === 0 || to > data.xs[data.xs.length - 1]! ? 1 : 0;
  const pad = (column: readonly (number | null)[]) => [...(before ? [null] : []), ...column, ...(after ? [null] : [])];
  const xs = [...(before ? [from] : []), ...data.xs, ...(after ? [to] : [])];
  const constant = (y: number) => xs.map(() => y);
  return [
    xs,
    ...data.lines.flatMap((line) => [pad(line.max), pad(line.min), pad(line.avg)]),
    ...data.trends.map((trend) => constant(trend.y)),
    ...plotlines.map((line) => constant(line.position)),
  ];
}
