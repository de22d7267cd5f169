import type { RopeAttributes, RopeDamages } from '../ropes.ts';
import { eventLossPct } from './cross-section.ts';
import { type DamageFilter, effectiveDamages, type RopeEventInput } from './effective-events.ts';
import { type RuleRow, type RuleSet, ruleRowFor } from './rule-sets.ts';
import { byPosition, sweepWindows, type WindowPoint, worstWindow } from './windows.ts';

export interface ReferenceSeries {
  /** k of the reference length k·d. */
  multiple: number;
  /** Reference length in metres. */
  length: number;
  limit: number;
  utilisation: number;
  points: WindowPoint[];
}

export interface RopeDamageResult {
  ruleSet: RuleSet;
  row: RuleRow;
  positionOffset: number;
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
  const { ruleSet, row } = ruleRowFor(rope);
  const diameterM = (rope.nominalDiameter ?? 0) / 1000;
  const located = effectiveDamages(events, options).map((event) => {
    const lossPct = eventLossPct(event.attributes, rope);
    const count = event.attributes.damageCount ?? 0;
    return {
      id: event.id,
      position: event.position!,
      count,
      lossPct,
      weight: row.metric === 'lossPct' ? lossPct : count,
    };
  });
  // One sort serves every reference length.
  const damages = located.sort(byPosition);
  const series = row.lengths.map(({ multiple, limit }) => {
    const length = multiple * diameterM;
    const points = length > 0 ? sweepWindows(damages, length, options.loopLength, { sorted: true }) : [];
    return { multiple, length, limit, utilisation: worstWindow(points) / limit, points };
  });
  const damage = 100 * Math.max(0, ...series.map((entry) => entry.utilisation));
  return {
    ruleSet,
    row,
    positionOffset: rope.positionOffset ?? 0,
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
