import type { LossOverTargetAnswer } from '@rope/domain/events/views';
import { estimateBendingCycles } from '@rope/domain/rope/bending-cycles';
import { eventLossPct } from '@rope/domain/rope/cross-section';
import { forecastDiscard } from '@rope/domain/rope/forecast';
import { computeRopeDamage } from '@rope/domain/rope/rope-damage';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { viewerFor } from '../hierarchy/scope.ts';
import { visibleRopeId } from '../ropes/internal.ts';
import { loadRopeEvents } from './internal.ts';

const INSPECTION_TYPES = new Set(['mrtInspection', 'visualInspection', 'diameterMeasurement']);

export interface LossOverTargetQuery {
  ropeId: number;
  xAxis: 'timestamp' | 'bendingCycles';
  rangeFrom?: string;
  rangeTo?: string;
  showAsUser?: number;
}

/** The damage after each inspection, over time or bending cycles, with the forecast of the discard point. */
export async function getLossOverTarget(args: ActionArgs<LossOverTargetQuery>): Promise<LossOverTargetAnswer> {
  const { ctx, actor, input: options } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, options.showAsUser);
  await visibleRopeId(ctx, viewer, options.ropeId);
  const { rope, events, loopLength, installationAttributes } = await loadRopeEvents(ctx, options.ropeId);
  const inspections = events.filter((event) => INSPECTION_TYPES.has(event.attributes.type));
  const moments = (
    inspections.length > 0 ? inspections : events.filter((event) => event.attributes.recordingType === 'damage')
  )
    .map((event) => ({ time: Date.parse(event.attributes.timestamp), cycles: event.attributes.bendingCycles }))
    .sort((a, b) => a.time - b.time);
  const points = moments.map(({ time, cycles }) => {
    const asOf = time + 1;
    const result = computeRopeDamage(rope.attributes, events, { asOf, loopLength });
    const maxLossPct = events
      .filter((event) => Date.parse(event.attributes.timestamp) < asOf && event.attributes.recordingType === 'damage')
      .reduce((max, event) => Math.max(max, eventLossPct(event.attributes, rope.attributes)), 0);
    const bendingCycles =
      cycles ?? estimateBendingCycles(rope.attributes, installationAttributes, new Date(time)) ?? null;
    return { timestamp: new Date(time).toISOString(), bendingCycles, damage: result.damage, maxLossPct };
  });
  const inRange = points.filter((point) => {
    const x = options.xAxis === 'timestamp' ? Date.parse(point.timestamp) : point.bendingCycles;
    if (x === null) return false;
    const from =
      options.rangeFrom === undefined
        ? undefined
        : options.xAxis === 'timestamp'
          ? Date.parse(options.rangeFrom)
          : Number(options.rangeFrom);
    const to =
      options.rangeTo === undefined
        ? undefined
        : options.xAxis === 'timestamp'
          ? Date.parse(options.rangeTo)
          : Number(options.rangeTo);
    return (from === undefined || x >= from) && (to === undefined || x <= to);
  });
  // A damage that cannot be computed (null) is no point of the forecast.
  const forecastPoints = inRange
    .map((point) => ({
      x: options.xAxis === 'timestamp' ? Date.parse(point.timestamp) : (point.bendingCycles ?? Number.NaN),
      damage: point.damage ?? Number.NaN,
    }))
    .filter((point) => Number.isFinite(point.x) && Number.isFinite(point.damage));
  const standard = computeRopeDamage(rope.attributes, []);
  const now = computeRopeDamage(rope.attributes, events, { loopLength });
  return {
    result: inRange,
    status: now.status,
    missingInputs: now.missingInputs,
    standard: standard.ruleSet.id,
    limits: standard.row.lengths,
    bendingCyclesToTimestamp: points
      .filter((point) => point.bendingCycles !== null)
      .map((point) => [point.bendingCycles!, point.timestamp] as [number, string]),
    forecast:
      forecastPoints.length >= 3
        ? forecastDiscard(
            forecastPoints,
            rope.attributes.expectedServiceLife,
            options.xAxis === 'timestamp' ? Math.min(...forecastPoints.map((point) => point.x)) : 0,
          )
        : null,
  };
}
