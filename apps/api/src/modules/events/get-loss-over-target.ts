import type { LossOverTargetAnswer } from '@rope/domain/events/views';
import { lossOverTargetSeries } from '@rope/domain/ropes/loss-over-target';
import { computeRopeDamage } from '@rope/domain/ropes/rope-damage';
import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { loadLiveEvents, loadVisibleDamageTarget } from '../damage/index.ts';

export interface LossOverTargetQuery {
  ropeId: number;
  xAxis: 'timestamp' | 'bendingCycles';
  rangeFrom?: string;
  rangeTo?: string;
  showAsUser?: number;
}

/**
 * The damage after each inspection and each damage event, over time or bending cycles, with the forecast of the
 * discard point (the expected service life below 3 points): `lossOverTargetSeries` in the domain.
 */
export async function getLossOverTarget(args: ActionArgs<LossOverTargetQuery>): Promise<LossOverTargetAnswer> {
  const { ctx, actor, input: options } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, options.showAsUser);
  const { rope, loopLength, installationAttributes } = await loadVisibleDamageTarget(ctx, viewer, options.ropeId);
  const events = await loadLiveEvents(ctx.db, rope.id);
  const series = lossOverTargetSeries(
    { rope: rope.attributes, installation: installationAttributes, events, loopLength },
    options,
  );
  const standard = computeRopeDamage(rope.attributes, []);
  const now = computeRopeDamage(rope.attributes, events, { loopLength });
  return {
    result: series.result,
    status: now.status,
    missingInputs: now.missingInputs,
    standard: standard.ruleSet.id,
    limits: standard.row.lengths,
    bendingCyclesToTimestamp: series.bendingCyclesToTimestamp,
    forecast: series.forecast,
  };
}
