import { eventLossPct, lossModel, lossPctOf } from './cross-section.ts';
import { type DamageColumns, emptyDamages, sortDamages, type UnsortedDamages } from './damage-columns.ts';
import { type DamageFilter, effectiveDamages, type RopeEventInput } from './effective-events.ts';
import { type DamageInput, missingInputs } from './missing-inputs.ts';
import { type RuleRow, type RuleSet, ruleRowFor } from './rule-sets.ts';
import type { RopeAttributes, RopeDamages } from './schemas.ts';
import { sweepColumns, type WindowColumns, windowStarts, worstWindow } from './windows.ts';

export interface ReferenceSeries {
  /** k of the reference length k·d. */
  multiple: number;
  /** Reference length in metres. */
  length: number;
  limit: number;
  utilisation: number;
  windows: WindowColumns;
}

interface DamageResultBase {
  ruleSet: RuleSet;
  row: RuleRow;
  /** Datum position of the measuring device's zero, m: added to device-referenced positions. */
  positionOffset: number;
  /** The damages that count, at datum positions, sorted as the windows index them. */
  damages: DamageColumns;
}

/**
 * The rope's damage: computed, or unknown when the rope lacks an input its rule set needs. Unknown
 * is never zero: it names what is missing, and has no series, damage or health a caller could mistake for healthy.
 */
export type RopeDamageResult =
  | (DamageResultBase & {
      status: 'computed';
      missingInputs: [];
      series: ReferenceSeries[];
      /** 100 × the largest utilisation. */
      damage: number;
      health: number;
    })
  | (DamageResultBase & {
      status: 'unknown';
      missingInputs: DamageInput[];
      series: [];
      damage: null;
      health: null;
    });

export interface DamageOptions {
  damageFilter?: DamageFilter;
  /** Only what happened before this instant (ms) counts. */
  asOf?: number;
  /** Loop length of an endless rope, m: windows wrap there. */
  loopLength?: number;
}

/**
 * The damage chart per reference length, the utilisations and the rope's damage (its largest utilisation of a limit,
 * in %) and health (100 minus the damage, kept within 0..100).
 */
export function computeRopeDamage(
  rope: RopeAttributes,
  events: readonly RopeEventInput[],
  options: DamageOptions = {},
): RopeDamageResult {
  const { row } = ruleRowFor(rope);
  const model = lossModel(rope);
  const effective = effectiveDamages(events, { ...options, positionOffset: rope.positionOffset ?? 0 });
  const damages = emptyDamages(effective.length, row.metric);
  let wireOnly = false;
  for (const event of effective) {
    const lossPct = eventLossPct(event.attributes, rope, model);
    const count = event.attributes.damageCount ?? 0;
    if (count > 0 && !((event.attributes.crossSectionLossAmount ?? 0) > 0)) wireOnly = true;
    addDamage(damages, event.id, event.position!, count, lossPct);
  }
  return damageOfColumns(rope, damages, wireOnly, options.loopLength);
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
  /**
   * The rows come sorted by datum position (see rowDatumPositions) for this position offset, ties by id: the sort
   * is skipped when the rope still has that offset and no position wraps on a loop.
   */
  sortedForOffset?: number;
}

/** Bits of DamageRows.flags. */
export const DAMAGE_FLAGS = { lossInMm2: 1, foundByMrt: 2 } as const;

/**
 * The rows' positions from the datum: damages found by MRT are measured from the device's zero and move by the
 * rope's position offset (isDeviceReferenced). What the rows are sorted by (DamageRows.sortedForOffset).
 */
export function rowDatumPositions(rows: Pick<DamageRows, 'position' | 'flags'>, positionOffset: number): Float64Array {
  const positions = Float64Array.from(rows.position);
  if (!positionOffset) return positions;
  for (let i = 0; i < positions.length; i += 1) {
    if (rows.flags[i]! & DAMAGE_FLAGS.foundByMrt) positions[i] = positions[i]! + positionOffset;
  }
  return positions;
}

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
  const offset = rope.positionOffset ?? 0;
  let kept = 0;
  let wireOnly = false;
  for (let i = 0; i < n; i += 1) {
    if (rows.occurredAt && !(rows.occurredAt[i]! < asOf)) continue;
    const flags = rows.flags[i]!;
    const mrt = (flags & DAMAGE_FLAGS.foundByMrt) !== 0;
    if (options.damageFilter && filterMrt !== mrt) continue;
    const count = rows.damageCount[i]!;
    const lossAmount = rows.lossAmount[i]!;
    if (count > 0 && !(lossAmount! > 0)) wireOnly = true;
    const lossPct = lossPctOf(model, count, lossAmount, (flags & DAMAGE_FLAGS.lossInMm2) !== 0);
    damages.id[kept] = rows.id[i]!;
    damages.position[kept] = mrt ? rows.position[i]! + offset : rows.position[i]!;
    damages.count[kept] = count;
    damages.lossPct[kept] = lossPct;
    kept += 1;
  }
  damages.length = kept;
  return damageOfColumns(rope, damages, wireOnly, options.loopLength, rows.sortedForOffset === offset);
}

function addDamage(damages: UnsortedDamages, id: number, position: number, count: number, lossPct: number) {
  const i = damages.length++;
  damages.id[i] = id;
  damages.position[i] = position;
  damages.count[i] = count;
  damages.lossPct[i] = lossPct;
}

/**
 * Sorts once for every reference length and sweeps each; unknown when the rope lacks an input the rule set needs
 * for it (even with no damage recorded: an inspector must complete the settings before the rope can be assessed),
 * or the outer wire diameter when a damage is recorded only as broken wires under a loss rule.
 */
export function damageOfColumns(
  rope: RopeAttributes,
  unsorted: UnsortedDamages,
  hasWireOnlyDamage: boolean,
  loopLength?: number,
  presorted = false,
): RopeDamageResult {
  const { ruleSet, row } = ruleRowFor(rope);
  const damages = sortDamages(unsorted, loopLength, presorted);
  const base = { ruleSet, row, positionOffset: rope.positionOffset ?? 0, damages };
  const missing = missingInputs(rope, ruleSet, row, hasWireOnlyDamage);
  if (missing.length > 0) {
    return { ...base, status: 'unknown', missingInputs: missing, series: [], damage: null, health: null };
  }
  const diameterM = rope.nominalDiameter! / 1000;
  const starts = windowStarts(damages.position);
  const series = row.lengths.map(({ multiple, limit }) => {
    const length = multiple * diameterM;
    const windows = sweepColumns(damages, length, loopLength, starts);
    return { multiple, length, limit, utilisation: worstWindow(windows) / limit, windows };
  });
  const damage = 100 * Math.max(0, ...series.map((entry) => entry.utilisation));
  return { ...base, status: 'computed', missingInputs: [], series, damage, health: ropeHealth(damage) };
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

/**
 * What the rope row stores for lists, maps and gauges: the utilisation per reference length and the maximum, or
 * unknown with the missing inputs (no utilisation, damage or health).
 */
export function summariseDamages(result: RopeDamageResult, computedAt: Date): RopeDamages {
  const common = { standard: result.ruleSet.id, computedAt: computedAt.toISOString() };
  if (result.status === 'unknown') {
    return {
      ...common,
      status: 'unknown',
      missingInputs: result.missingInputs,
      utilisation: {},
      damage: null,
      health: null,
    };
  }
  return {
    ...common,
    status: 'computed',
    missingInputs: [],
    utilisation: Object.fromEntries(
      result.series.map((entry) => [String(entry.multiple), round(entry.utilisation, 6)]),
    ),
    damage: round(result.damage, 4),
    health: round(result.health, 4),
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
