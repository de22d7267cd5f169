import { message } from '@rope/domain/messages';
import { type DamageFilter, endOfDay } from '@rope/domain/ropes/effective-events';
import { notFound } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { computeDamageOf, damageChartJson, loadDamageTarget } from '../damage/index.ts';
import { findRope } from '../ropes/index.ts';

export interface DamageChartQuery {
  ropeId: number;
  damageFilter?: DamageFilter;
  /** The chart as of the end of this day (ISO date). */
  dateFilter?: string;
  showAsUser?: number;
}

/**
 * The damage chart per reference length as JSON bytes, as of a day and filtered by detection. A rope whose history
 * shifts or removes damages is computed from its whole events; any other from bulk damage rows.
 */
export async function getDamageChart(args: ActionArgs<DamageChartQuery>): Promise<Buffer> {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const { rope } = await findRope(ctx, viewer, input.ropeId);
  const target = await loadDamageTarget(ctx.db, rope.id);
  if (!target) throw notFound(message('app.errors.noSuchRope'));
  const asOf = input.dateFilter ? endOfDay(input.dateFilter) : undefined;
  return damageChartJson(await computeDamageOf(ctx.db, target, { damageFilter: input.damageFilter, asOf }));
}
