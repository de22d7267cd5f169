import type { LossOverTargetAnswer } from '@rope/domain/events/views';
import { lossOverTargetSeries } from '@rope/domain/ropes/loss-over-target';
import { computeRopeDamage } from '@rope/domain/ropes/rope-damage';
import { ifNoneMatchNames } from '../../http/etag.ts';
import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { loadLiveEvents, loadVisibleDamageTarget, lossChartEtag } from '../damage/index.ts';

export interface LossOverTargetQuery {
  ropeId: number;
  xAxis: 'timestamp' | 'bendingCycles';
  rangeFrom?: string;
  rangeTo?: string;
  /** At most this many points (thinLossPoints in the domain); all when absent. */
  points?: number;
  showAsUser?: number;
  /** The caller's If-None-Match header. */
  ifNoneMatch?: string;
}

export interface LossOverTargetBytes {
  /** Absent for a rope whose events carry no stamp yet: such an answer is made each time. */
  etag?: string;
  /** The answer as JSON bytes; absent when `ifNoneMatch` names the answer the caller already has. */
  body?: Buffer;
}

/**
 * The damage after each inspection and each damage event, over time or bending cycles, with the forecast of the
 * discard point (the expected service life below 3 points): `lossOverTargetSeries` in the domain. Kept as sent per
 * rope and query while its ETag holds, as the damage chart is: a rope of 50,000 events takes a replay of all of them.
 */
export async function getLossOverTarget(args: ActionArgs<LossOverTargetQuery>): Promise<LossOverTargetBytes> {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  // Read before the events, so that an answer is never kept under a stamp newer than what it was made of.
  const target = await loadVisibleDamageTarget(ctx, viewer, input.ropeId);
  const { rope, loopLength, installationAttributes } = target;
  const etag = target.eventsStamp
    ? lossChartEtag({
        appVersion: ctx.version,
        eventsStamp: target.eventsStamp,
        ropeAttributes: rope.attributes,
        installationAttributes,
        loopLength,
        xAxis: input.xAxis,
        rangeFrom: input.rangeFrom,
        rangeTo: input.rangeTo,
        points: input.points,
      })
    : undefined;
  if (etag && ifNoneMatchNames(input.ifNoneMatch, etag)) return { etag };
  const key = `loss|${rope.id}|${input.xAxis}|${input.rangeFrom ?? ''}|${input.rangeTo ?? ''}|${input.points ?? ''}`;
  const kept = etag ? ctx.damageCharts.get(key, etag) : undefined;
  if (kept) return { etag, body: kept };
  const events = await loadLiveEvents(ctx.db, rope.id);
  const series = lossOverTargetSeries(
    { rope: rope.attributes, installation: installationAttributes, events, loopLength },
    input,
  );
  const standard = computeRopeDamage(rope.attributes, []);
  const now = computeRopeDamage(rope.attributes, events, { loopLength });
  const answer: LossOverTargetAnswer = {
    result: series.result,
    status: now.status,
    missingInputs: now.missingInputs,
    standard: standard.ruleSet.id,
    limits: standard.row.lengths,
    bendingCyclesToTimestamp: series.bendingCyclesToTimestamp,
    forecast: series.forecast,
  };
  const body = Buffer.from(JSON.stringify(answer));
  if (etag) ctx.damageCharts.set(key, etag, body);
  return etag ? { etag, body } : { body };
}
