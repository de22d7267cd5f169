import type { LossPoint } from '../events/views.ts';
import type { InstallationAttributes } from '../hierarchy/installations.ts';
import { estimateBendingCycles } from './bending-cycles.ts';
import { eventLossPct, lossModel } from './cross-section.ts';
import { damageAtEachInstant } from './damage-over-time.ts';
import type { RopeEventInput } from './effective-events.ts';
import { type Forecast, forecastDiscard } from './forecast.ts';
import { thinCyclePairs, thinLossPoints } from './loss-thinning.ts';
import type { RopeAttributes } from './schemas.ts';

/** The measurements that are inspections of the whole rope: each one is a point of the series. */
export const INSPECTION_TYPES: ReadonlySet<string> = new Set([
  'mrtInspection',
  'visualInspection',
  'diameterMeasurement',
]);

/** An instant the series has a point at, with the bending cycles an event recorded then, if any. */
export interface LossMoment {
  time: number;
  cycles?: number;
}

/**
 * The instants of the loss-over-target series: every inspection and every damage event, one point per instant.
 * An inspection adds a point; it never hides the points of the damages recorded before or after it. Where events
 * share an instant (a TRUscan file or an XML import writes its measurement and its damages at one time), the point
 * takes the bending cycles one of them recorded, an inspection's first.
 */
export function lossOverTargetMoments(events: readonly RopeEventInput[]): LossMoment[] {
  const byTime = new Map<number, LossMoment>();
  const counted = events
    .filter((event) => INSPECTION_TYPES.has(event.attributes.type) || event.attributes.recordingType === 'damage')
    .sort((a, b) => Number(INSPECTION_TYPES.has(b.attributes.type)) - Number(INSPECTION_TYPES.has(a.attributes.type)));
  for (const { attributes } of counted) {
    const time = Date.parse(attributes.timestamp);
    if (!Number.isFinite(time)) continue;
    const moment = byTime.get(time) ?? { time };
    if (moment.cycles === undefined && attributes.bendingCycles !== undefined) moment.cycles = attributes.bendingCycles;
    byTime.set(time, moment);
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

export interface LossOverTargetInput {
  rope: RopeAttributes;
  installation: InstallationAttributes;
  events: readonly RopeEventInput[];
  loopLength?: number;
}

export interface LossOverTargetQuery {
  xAxis: 'timestamp' | 'bendingCycles';
  /** An ISO instant on the time axis, cycles on the other. */
  rangeFrom?: string;
  rangeTo?: string;
  /** At most this many points of the range and of the cycle pairs (thinLossPoints); all of them when absent. */
  points?: number;
}

export interface LossOverTargetSeries {
  /** The points in range, oldest first; at most `points` of them when the query asks (thinLossPoints). */
  result: LossPoint[];
  /** (cycles, timestamp) of every point that knows its cycles, in range or not. */
  bendingCyclesToTimestamp: [number, string][];
  /**
   * The fit over the points in range (DOMAIN.md 5); with fewer than 3 usable points the expected service life
   * (`model: 'serviceLife'`), never nothing.
   */
  forecast: Forecast;
}

/** The rope's damage after each moment, over time or bending cycles, with the forecast of the discard point. */
export function lossOverTargetSeries(input: LossOverTargetInput, query: LossOverTargetQuery): LossOverTargetSeries {
  const { rope, installation, events, loopLength } = input;
  const moments = lossOverTargetMoments(events);
  // Each point counts what happened up to and including its instant.
  const asOfs = moments.map(({ time }) => time + 1);
  const damages = damageAtEachInstant(rope, events, asOfs, loopLength);
  const maxLossPcts = largestLossAtEachInstant(rope, events, asOfs);
  const points: LossPoint[] = moments.map(({ time, cycles }, index) => ({
    timestamp: new Date(time).toISOString(),
    bendingCycles: cycles ?? estimateBendingCycles(rope, installation, new Date(time)) ?? null,
    damage: damages[index]!,
    maxLossPct: maxLossPcts[index]!,
  }));
  const onTimeAxis = query.xAxis === 'timestamp';
  const xOf = (point: LossPoint) => (onTimeAxis ? Date.parse(point.timestamp) : point.bendingCycles);
  const bound = (value: string | undefined) =>
    value === undefined ? undefined : onTimeAxis ? Date.parse(value) : Number(value);
  const from = bound(query.rangeFrom);
  const to = bound(query.rangeTo);
  const result = points.filter((point) => {
    const x = xOf(point);
    return x !== null && (from === undefined || x >= from) && (to === undefined || x <= to);
  });
  // A damage that cannot be computed (null) is no point of the forecast.
  const forecastPoints = result
    .map((point) => ({ x: xOf(point) ?? Number.NaN, damage: point.damage ?? Number.NaN }))
    .filter((point) => Number.isFinite(point.x) && Number.isFinite(point.damage));
  // Folded, not spread: a long rope's points as arguments would pass the engine's limit on them.
  const origin =
    onTimeAxis && forecastPoints.length > 0
      ? forecastPoints.reduce((first, point) => Math.min(first, point.x), Number.POSITIVE_INFINITY)
      : 0;
  const pairs = points
    .filter((point) => point.bendingCycles !== null)
    .map((point): [number, string] => [point.bendingCycles!, point.timestamp]);
  const most = query.points;
  return {
    // The forecast above is fitted over every point in range; only what is drawn is thinned.
    result: most === undefined ? result : thinLossPoints(result, xOf, most),
    bendingCyclesToTimestamp: most === undefined ? pairs : thinCyclePairs(pairs, most),
    forecast: forecastDiscard(forecastPoints, rope.expectedServiceLife, origin),
  };
}

/** The largest loss of one damage event recorded before each instant (ascending), in % of the cross-section. */
function largestLossAtEachInstant(
  rope: LossOverTargetInput['rope'],
  events: readonly RopeEventInput[],
  asOfs: readonly number[],
): number[] {
  const model = lossModel(rope);
  const damages = events
    .filter((event) => event.attributes.recordingType === 'damage')
    .map((event) => ({
      at: Date.parse(event.attributes.timestamp),
      lossPct: eventLossPct(event.attributes, rope, model),
    }))
    .filter((damage) => Number.isFinite(damage.at))
    .sort((a, b) => a.at - b.at);
  let largest = 0;
  let next = 0;
  return asOfs.map((asOf) => {
    for (; next < damages.length && damages[next]!.at < asOf; next += 1)
      largest = Math.max(largest, damages[next]!.lossPct);
    return largest;
  });
}
