import type { LossOverTargetAnswer } from '@rope/domain/events/views';
import { DISCARD_DAMAGE, FORECAST_MIN_POINTS, forecastDamageAt } from '@rope/domain/ropes/forecast';
import { type ChartRange, rangeStart } from '../../components/chart-ranges';
import type { LossAxis } from './types';

export const LOSS_RANGES = ['1D', '1M', '6M', '1Y', 'All'] as const satisfies readonly ChartRange[];
export type LossRange = (typeof LOSS_RANGES)[number];
/** The y axis starts at 0 and shows at least up to 10 %. */
export const LOSS_Y_SOFT_MAX = 10;
const FORECAST_SAMPLES = 60;

export { rangeStart };

/**
 * Bending cycles at an instant, from the answer's (cycles, timestamp) pairs: interpolated between the two
 * surrounding pairs, extrapolated along the nearest two at either end; undefined with fewer than two pairs.
 */
export function cyclesAt(time: number, pairs: readonly [number, string][]): number | undefined {
  const points = pairs
    .map(([cycles, timestamp]) => ({ cycles, time: Date.parse(timestamp) }))
    .filter((point) => Number.isFinite(point.time))
    .sort((a, b) => a.time - b.time);
  if (points.length < 2) return undefined;
  let i = points.findIndex((point) => point.time >= time);
  if (i <= 0) i = i === 0 ? 1 : points.length - 1;
  const a = points[i - 1]!;
  const b = points[i]!;
  if (b.time === a.time) return a.cycles;
  return Math.max(0, a.cycles + ((b.cycles - a.cycles) * (time - a.time)) / (b.time - a.time));
}

/** rangeFrom / rangeTo of GET lossOverTarget: an ISO instant on the time axis, cycles on the bending-cycle axis. */
export function rangeQuery(
  range: LossRange,
  axis: LossAxis,
  now: Date,
  pairs: readonly [number, string][],
): { from?: string; to?: string } {
  const start = rangeStart(range, now);
  if (!start) return {};
  if (axis === 'timestamp') return { from: start.toISOString() };
  const cycles = cyclesAt(start.getTime(), pairs);
  return cycles === undefined ? {} : { from: String(Math.floor(cycles)) };
}

/**
 * Whether the forecast switch is on offer: a fit over at least 3 points on either axis, or below that the expected
 * service life the answer stands in (`model: 'serviceLife'`), a line over bending cycles from a new rope, so only on
 * that axis.
 */
export function forecastAvailable(answer: LossOverTargetAnswer | undefined, axis: LossAxis = 'timestamp'): boolean {
  const forecast = answer?.forecast;
  if (!forecast) return false;
  if (forecast.model === 'serviceLife') return axis === 'bendingCycles';
  return (answer?.result.length ?? 0) >= FORECAST_MIN_POINTS;
}

export interface LossChartData {
  /** Seconds on the time axis (uPlot's unit), cycles on the other. */
  xs: number[];
  damage: (number | null)[];
  limit: number[];
  forecast?: {
    line: (number | null)[];
    early: (number | null)[];
    late: (number | null)[];
    discard: (number | null)[];
    /** In chart units (seconds or cycles), like xs. */
    discardAt: number;
    bandFrom: number;
    bandTo: number;
  };
  yMax: number;
}

const toChartX = (axis: LossAxis, x: number) => (axis === 'timestamp' ? x / 1000 : x);

/** The loss-over-target answer as uPlot lines: damage per inspection, the discard limit, and the forecast. */
export function lossChartData(answer: LossOverTargetAnswer, axis: LossAxis, withForecast: boolean): LossChartData {
  const points = answer.result
    .map((point) => ({
      x: axis === 'timestamp' ? Date.parse(point.timestamp) : (point.bendingCycles ?? Number.NaN),
      damage: point.damage,
    }))
    .filter((point) => Number.isFinite(point.x))
    .sort((a, b) => a.x - b.x);
  // Folded, not spread: a long rope's 50,000 points as arguments come near the engine's limit on them.
  const yMax = points.reduce((max, point) => Math.max(max, (point.damage ?? 0) * 1.1), LOSS_Y_SOFT_MAX);
  const forecast = answer.forecast;
  const serviceLife = forecast?.model === 'serviceLife';
  const drawable =
    withForecast &&
    forecast &&
    // The service-life stand-in (below 3 points) is a line over cycles from a new rope; on the time axis it means
    // nothing. A fit needs its 3 points.
    (serviceLife ? axis === 'bendingCycles' : points.length >= FORECAST_MIN_POINTS) &&
    Number.isFinite(forecast.discardAt) &&
    forecast.discardAt > (points.at(-1)?.x ?? 0);
  if (!drawable) {
    return {
      xs: points.map((point) => toChartX(axis, point.x)),
      damage: points.map((point) => point.damage),
      limit: points.map(() => DISCARD_DAMAGE),
      yMax,
    };
  }
  // The service-life line starts at a new rope (0 cycles), a fit at the first point.
  const firstX = serviceLife ? 0 : points[0]!.x;
  // The API measures the band from the first inspection on the time axis, from a new rope on the cycle axis.
  const band = { from: forecast.bandFrom, to: forecast.bandTo };
  const end = Math.max(band.to, forecast.discardAt);
  const samples = Array.from(
    { length: FORECAST_SAMPLES + 1 },
    (_, i) => firstX + ((end - firstX) * i) / FORECAST_SAMPLES,
  );
  const xs = [...new Set([...points.map((point) => point.x), ...samples, forecast.discardAt])].sort((a, b) => a - b);
  const byX = new Map(points.map((point) => [point.x, point.damage]));
  const ceiling = DISCARD_DAMAGE * 1.5;
  const curve = (shift: number) => (x: number) => {
    const value = forecastDamageAt(forecast, x + shift);
    return Number.isFinite(value) && value <= ceiling ? Math.max(0, value) : null;
  };
  return {
    xs: xs.map((x) => toChartX(axis, x)),
    damage: xs.map((x) => byX.get(x) ?? null),
    limit: xs.map(() => DISCARD_DAMAGE),
    forecast: {
      line: xs.map(curve(0)),
      early: xs.map(curve(forecast.discardAt - band.from)),
      late: xs.map(curve(forecast.discardAt - band.to)),
      discard: xs.map((x) => (x === forecast.discardAt ? DISCARD_DAMAGE : null)),
      discardAt: toChartX(axis, forecast.discardAt),
      bandFrom: toChartX(axis, band.from),
      bandTo: toChartX(axis, band.to),
    },
    yMax: Math.max(yMax, DISCARD_DAMAGE * 1.1),
  };
}
