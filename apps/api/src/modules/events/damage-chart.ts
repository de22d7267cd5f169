import { cyclesPerHour, estimateBendingCycles } from '@rope/domain/rope/bending-cycles';
import { eventLossPct } from '@rope/domain/rope/cross-section';
import { type DamageFilter, endOfDay } from '@rope/domain/rope/effective-events';
import { forecastDiscard } from '@rope/domain/rope/forecast';
import { computeRopeDamage } from '@rope/domain/rope/rope-damage';
import type { LossOverTargetAnswer } from '@rope/domain/views/events';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { damageChartJson } from './damage-answer.ts';
import { computeDamageOf, loadDamageTarget, loadRopeForDamage } from './recompute.ts';

async function load(ctx: AppContext, ropeId: number) {
  const loaded = await loadRopeForDamage(ctx.db, ropeId);
  if (!loaded) throw notFound('No such rope');
  return loaded;
}

/**
 * GET /ropes/{id}/events/damage: the chart per reference length, as of a day and filtered by detection. A rope
 * whose history shifts or removes damages is computed from its whole events; any other from bulk damage rows.
 */
export async function damageChart(
  ctx: AppContext,
  ropeId: number,
  options: { damageFilter?: DamageFilter; dateFilter?: string },
): Promise<string> {
  const target = await loadDamageTarget(ctx.db, ropeId);
  if (!target) throw notFound('No such rope');
  const asOf = options.dateFilter ? endOfDay(options.dateFilter) : undefined;
  return damageChartJson(await computeDamageOf(ctx.db, target, { damageFilter: options.damageFilter, asOf }));
}

const INSPECTION_TYPES = new Set(['mrtInspection', 'visualInspection', 'diameterMeasurement']);

/** GET /ropes/{id}/events/lossOverTarget: the damage after each inspection, over time or bending cycles. */
export async function lossOverTarget(
  ctx: AppContext,
  ropeId: number,
  options: { xAxis: 'timestamp' | 'bendingCycles'; rangeFrom?: string; rangeTo?: string },
): Promise<LossOverTargetAnswer> {
  const { rope, events, loopLength, installationAttributes } = await load(ctx, ropeId);
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

export async function currentBendingCycles(ctx: AppContext, ropeId: number) {
  const { rope, installationAttributes, events } = await load(ctx, ropeId);
  const estimate = estimateBendingCycles(rope.attributes, installationAttributes, new Date());
  const measured = events
    .filter((event) => event.attributes.bendingCycles !== undefined)
    .sort((a, b) => Date.parse(b.attributes.timestamp) - Date.parse(a.attributes.timestamp))[0];
  return {
    bendingCycles: estimate ?? measured?.attributes.bendingCycles ?? rope.truscanAttributes.bendingCycles ?? null,
    cyclesPerHour: cyclesPerHour(installationAttributes, rope.attributes) ?? null,
    lastMeasured: measured
      ? { bendingCycles: measured.attributes.bendingCycles!, timestamp: measured.attributes.timestamp }
      : null,
  };
}
