import type { RopeAttributes, RopeDamages } from '../ropes.ts';
import { eventLossPct, lossModel, lossPctOf } from './cross-section.ts';
import { type DamageColumns, emptyDamages, sortDamages, type UnsortedDamages } from './damage-columns.ts';
import { type DamageFilter, effectiveDamages, type RopeEventInput } from './effective-events.ts';
import { type RuleRow, type RuleSet, ruleRowFor } from './rule-sets.ts';
import { sweepColumns, type WindowColumns, worstWindow } from './windows.ts';

export interface ReferenceSeries {
  /** k of the reference length k·d. */
  multiple: number;
  /** Reference length in metres. */
  length: number;
  limit: number;
  utilisation: number;
  windows: WindowColumns;
}

export interface RopeDamageResult {
  ruleSet: RuleSet;
  row: RuleRow;
  positionOffset: number;
  /** The damages that count, sorted as the windows index them. */
  damages: DamageColumns;
  series: ReferenceSeries[];
  /** 100 × the largest utilisation. */
  damage: number;
  health: number;
}

export interface DamageOptions {
  damageFilter?: DamageFilter;
  /** Only what happened before this instant (ms) counts. */
  asOf?: number;
  /** Loop length of an endless rope, m: windows wrap there. */
  loopLength?: number;
}

/** The damage chart per reference length, the utilisations and the rope's damage and health (DOMAIN.md 3-4). */
export function computeRopeDamage(
  rope: RopeAttributes,
  events: readonly RopeEventInput[],
  options: DamageOptions = {},
): RopeDamageResult {
  const { row } = ruleRowFor(rope);
  const model = lossModel(rope);
  const effective = effectiveDamages(events, options);
  const damages = emptyDamages(effective.length, row.metric);
  for (const event of effective) {
    const lossPct = eventLossPct(event.attributes, rope, model);
    addDamage(damages, event.id, event.position!, event.attributes.damageCount ?? 0, lossPct);
  }
  return damageOfColumns(rope, damages, options.loopLength);
}

/**
 * The damage events of a rope as the database reads them in bulk, one entry per event: only damages with a
 * position, on a rope without relevant mutations or repair pieces (those need the whole history, see
 * effectiveDamages). occurredAt (ms) is needed only to replay a date.
 */
export interface DamageRows {
  id: ArrayLike<number>;
  position: ArrayLike<number>;
  damageCount: ArrayLike<number>;
  /** null or NaN: no loss amount recorded. */
  lossAmount: ArrayLike<number | null>;
  /** DAMAGE_FLAGS of the event. */
  flags: ArrayLike<number>;
  occurredAt?: ArrayLike<number>;
  /** The rows come sorted by position, ties by id: the sort is skipped unless positions wrap on a loop. */
  sorted?: boolean;
}

/** Bits of DamageRows.flags. */
export const DAMAGE_FLAGS = { lossInMm2: 1, foundByMrt: 2 } as const;

/** computeRopeDamage for bulk rows: the same filters, without an object per event. */
export function computeRopeDamageFromRows(
  rope: RopeAttributes,
  rows: DamageRows,
  options: DamageOptions = {},
): RopeDamageResult {
  const { row } = ruleRowFor(rope);
  const model = lossModel(rope);
  const n = rows.id.length;
  const asOf = options.asOf ?? Number.POSITIVE_INFINITY;
  if (Number.isFinite(asOf) && !rows.occurredAt) throw new Error('Replaying a date needs occurredAt');
  const damages = emptyDamages(n, row.metric);
  const filterMrt = options.damageFilter === 'mrt';
  let kept = 0;
  for (let i = 0; i < n; i += 1) {
    if (rows.occurredAt && !(rows.occurredAt[i]! < asOf)) continue;
    const flags = rows.flags[i]!;
    if (options.damageFilter && filterMrt !== ((flags & DAMAGE_FLAGS.foundByMrt) !== 0)) continue;
    const count = rows.damageCount[i]!;
    const lossPct = lossPctOf(model, count, rows.lossAmount[i]!, (flags & DAMAGE_FLAGS.lossInMm2) !== 0);
    damages.id[kept] = rows.id[i]!;
    damages.position[kept] = rows.position[i]!;
    damages.count[kept] = count;
    damages.lossPct[kept] = lossPct;
    kept += 1;
  }
  damages.length = kept;
  return damageOfColumns(rope, damages, options.loopLength, rows.sorted);
}

function addDamage(damages: UnsortedDamages, id: number, position: number, count: number, lossPct: number) {
  const i = damages.length++;
  damages.id[i] = id;
  damages.position[i] = position;
  damages.count[i] = count;
  damages.lossPct[i] = lossPct;
}

function damageOfColumns(
  rope: RopeAttributes,
  unsorted: UnsortedDamages,
  loopLength?: number,
  presorted = false,
): RopeDamageResult {
  const { ruleSet, row } = ruleRowFor(rope);
  const diameterM = (rope.nominalDiameter ?? 0) / 1000;
  // One sort serves every reference length.
  const damages = sortDamages(unsorted, loopLength, presorted);
  const series = row.lengths.map(({ multiple, limit }) => {
    const length = multiple * diameterM;
    const windows = sweepColumns(damages, length, loopLength);
    return { multiple, length, limit, utilisation: worstWindow(windows) / limit, windows };
  });
  const damage = 100 * Math.max(0, ...series.map((entry) => entry.utilisation));
  return {
    ruleSet,
    row,
    positionOffset: rope.positionOffset ?? 0,
    damages,
    series,
    damage,
    health: ropeHealth(damage),
  };
}

export function ropeHealth(damage: number): number {
  return Math.min(100, Math.max(0, 100 - damage));
}

/** Endless ropes (haul and carrying-hauling ropes of a loop) wrap their windows at the loop length. */
export function loopLengthFor(rope: RopeAttributes, installationLoopLength?: number): number | undefined {
  if (rope.ropeApplication !== 'haulRope' && rope.ropeApplication !== 'carryingHaulingRope') return undefined;
  const loop = rope.loopLength ?? installationLoopLength;
  return loop && loop > 0 ? loop : undefined;
}

/** What the rope row stores: the utilisation per reference length and the maximum, for lists, maps and gauges. */
export function summariseDamages(result: RopeDamageResult, computedAt: Date): RopeDamages {
  return {
    standard: result.ruleSet.id,
    utilisation: Object.fromEntries(
      result.series.map((entry) => [String(entry.multiple), round(entry.utilisation, 6)]),
    ),
    damage: round(result.damage, 4),
    health: round(result.health, 4),
    computedAt: computedAt.toISOString(),
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
