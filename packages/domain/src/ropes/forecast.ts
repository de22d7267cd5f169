import { z } from 'zod';
import { DEFAULT_EXPECTED_SERVICE_LIFE } from './kinds.ts';

export const FORECAST_MIN_POINTS = 3;
export const FORECAST_BAND = 0.3;
export const DISCARD_DAMAGE = 100;

export interface ForecastPoint {
  /** Bending cycles or time (ms), whichever axis the chart shows. */
  x: number;
  /** Damage in percent of the discard limit. */
  damage: number;
}

export const forecastSchema = z.object({
  model: z.enum(['exponential', 'linear', 'serviceLife']),
  /** ln D = a + b·x for the exponential model, D = a + b·x for the linear one. */
  a: z.number(),
  b: z.number(),
  /** Where the damage reaches 100 %, with the ±30 % band. */
  discardAt: z.number(),
  bandFrom: z.number(),
  bandTo: z.number(),
});
export type Forecast = z.infer<typeof forecastSchema>;

/**
 * Fits ln D = a + b·x by least squares and extrapolates to D = 100 %, the discard point. When b ≤ 0 or a straight line
 * fits the damages better, the linear fit is used. With fewer than 3 points the expected service life stands in.
 * The ±30 % band is measured from the origin: 0 bending cycles (a new rope), or on the time axis the first
 * inspection, since ±30 % of a date since 1970 would mean nothing.
 */
export function forecastDiscard(points: readonly ForecastPoint[], expectedServiceLife?: number, origin = 0): Forecast {
  const usable = points.filter((point) => Number.isFinite(point.x) && point.damage > 0);
  if (usable.length < FORECAST_MIN_POINTS) return serviceLife(expectedServiceLife ?? DEFAULT_EXPECTED_SERVICE_LIFE);
  const xs = usable.map((point) => point.x);
  const exponential = leastSquares(
    xs,
    usable.map((point) => Math.log(point.damage)),
  );
  const linear = leastSquares(
    xs,
    usable.map((point) => point.damage),
  );
  const exponentialError = sumOfSquares(usable, (x) => Math.exp(exponential.a + exponential.b * x));
  const linearError = sumOfSquares(usable, (x) => linear.a + linear.b * x);
  if (exponential.b > 0 && exponentialError <= linearError) {
    return withBand('exponential', exponential, (Math.log(DISCARD_DAMAGE) - exponential.a) / exponential.b, origin);
  }
  if (linear.b > 0) return withBand('linear', linear, (DISCARD_DAMAGE - linear.a) / linear.b, origin);
  return serviceLife(expectedServiceLife ?? DEFAULT_EXPECTED_SERVICE_LIFE);
}

/** The forecast damage at x, for drawing the curve. */
export function forecastDamageAt(forecast: Forecast, x: number): number {
  if (forecast.model === 'exponential') return Math.exp(forecast.a + forecast.b * x);
  return forecast.a + forecast.b * x;
}

function leastSquares(xs: number[], ys: number[]): { a: number; b: number } {
  const n = xs.length;
  const meanX = xs.reduce((sum, x) => sum + x, 0) / n;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (let i = 0; i < n; i += 1) {
    covariance += (xs[i]! - meanX) * (ys[i]! - meanY);
    variance += (xs[i]! - meanX) ** 2;
  }
  const b = variance === 0 ? 0 : covariance / variance;
  return { a: meanY - b * meanX, b };
}

function sumOfSquares(points: readonly ForecastPoint[], model: (x: number) => number): number {
  return points.reduce((sum, point) => sum + (model(point.x) - point.damage) ** 2, 0);
}

function withBand(
  model: 'exponential' | 'linear',
  fit: { a: number; b: number },
  discardAt: number,
  origin = 0,
): Forecast {
  const span = discardAt - origin;
  return {
    model,
    ...fit,
    discardAt,
    bandFrom: origin + span * (1 - FORECAST_BAND),
    bandTo: origin + span * (1 + FORECAST_BAND),
  };
}

function serviceLife(cycles: number): Forecast {
  // A straight line from no damage to the discard limit at the expected service life.
  return { ...withBand('linear', { a: 0, b: DISCARD_DAMAGE / cycles }, cycles), model: 'serviceLife' };
}
