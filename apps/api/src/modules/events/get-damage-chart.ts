import { type DamageFilter, endOfDay } from '@rope/domain/ropes/effective-events';
import { ifNoneMatchNames } from '../../http/etag.ts';
import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { computeDamageOf, damageChartEtag, damageChartJson, loadVisibleDamageTarget } from '../damage/index.ts';

export interface DamageChartQuery {
  ropeId: number;
  damageFilter?: DamageFilter;
  /** The chart as of the end of this day (ISO date). */
  dateFilter?: string;
  /** The windows starting within these datum positions (m), either end open. */
  from?: number;
  to?: number;
  showAsUser?: number;
  /** The caller's If-None-Match header. */
  ifNoneMatch?: string;
}

export interface DamageChartAnswer {
  /** Absent for a rope whose events carry no stamp yet: such an answer is made each time. */
  etag?: string;
  /** The answer as JSON bytes; absent when `ifNoneMatch` names the answer the caller already has. */
  body?: Buffer;
}

/**
 * The damage chart per reference length as JSON bytes, as of a day, filtered by detection and over a range of the
 * rope (whole or as peaks, damage-chart-form.ts), kept per rope and query while its ETag holds. A rope whose history shifts or removes damages is computed from its whole events; any
 * other from its packed damage rows.
 */
export async function getDamageChart(args: ActionArgs<DamageChartQuery>): Promise<DamageChartAnswer> {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  // Read before the rows, so that an answer is never kept under a stamp newer than what it was made of.
  const target = await loadVisibleDamageTarget(ctx, viewer, input.ropeId);
  const { rope } = target;
  const etag = target.eventsStamp
    ? damageChartEtag({
        appVersion: ctx.version,
        eventsStamp: target.eventsStamp,
        ropeAttributes: target.rope.attributes,
        loopLength: target.loopLength,
        damageFilter: input.damageFilter,
        dateFilter: input.dateFilter,
        from: input.from,
        to: input.to,
      })
    : undefined;
  if (etag && ifNoneMatchNames(input.ifNoneMatch, etag)) return { etag };
  const key = `${rope.id}|${input.damageFilter ?? ''}|${input.dateFilter ?? ''}|${input.from ?? ''}|${input.to ?? ''}`;
  const kept = etag ? ctx.damageCharts.get(key, etag) : undefined;
  if (kept) return { etag, body: kept };
  const asOf = input.dateFilter ? endOfDay(input.dateFilter) : undefined;
  const result = await computeDamageOf(ctx.db, target, { damageFilter: input.damageFilter, asOf });
  const body = damageChartJson(result, { from: input.from, to: input.to });
  if (etag) ctx.damageCharts.set(key, etag, body);
  return etag ? { etag, body } : { body };
}
