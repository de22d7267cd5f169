import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import type { RopeAttributes } from '@rope/domain/ropes/schemas';
import { type Rng, round } from './random.ts';

/** A damage before it gets a timestamp and stored position: weight in the rule's unit (% loss or wires). */
export interface DamageDraft {
  /** Current rope coordinates, m. */
  position: number;
  type: 'wireBreak' | 'corrosion' | 'wear' | 'deformation' | 'other';
  damageCount?: number;
  lossPct?: number;
  description: string;
}

/** The shortest reference length of the rope's rule set (a multiple of its diameter) and its limit there. */
export interface CriticalRule {
  length: number;
  limit: number;
  byCount: boolean;
}

const ISO_RCN_LIMITS: [number, number, number][] = [
  [50, 2, 1],
  [75, 3, 2],
  [100, 4, 2],
  [120, 5, 2],
  [140, 6, 3],
  [160, 6, 3],
  [180, 7, 4],
  [200, 8, 4],
];

export function criticalRule(a: RopeAttributes): CriticalRule {
  const d = (a.nominalDiameter ?? 40) / 1000;
  if (a.standard === 'ISO4309') {
    const n = a.loadBearingOuterWires ?? 100;
    const row = ISO_RCN_LIMITS.find(([max]) => n <= max) ?? [0, 9, 4];
    return { length: 6 * d, limit: a.ropeLay === 'lang' ? row[2] : row[1], byCount: true };
  }
  switch (a.ropeApplication) {
    case 'haulRope':
    case 'carryingHaulingRope':
    case 'towRope':
      return { length: 6 * d, limit: 6, byCount: false };
    case 'tensionRope':
      return { length: 6 * d, limit: 4, byCount: false };
    default:
      return { length: 30 * d, limit: a.ropeType === 'fullLockedCoilRope' ? 5 : 8, byCount: false };
  }
}

/** Loss of one broken outer wire in % of the metallic cross-section. */
export function lossPerWire(a: RopeAttributes): number {
  const wire = a.outerWireDiameter ?? 2;
  return ((Math.PI * wire * wire) / 4 / (a.metallicCrossSection ?? 600)) * 100;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const LOCATIONS = ['at tower', 'near the drive sheave', 'at the clamp position', 'in the station area', 'on the line'];

/**
 * A growing local damage concentration whose worst window reaches `utilisation` of the limit: `steps`
 * drafts, all within 80 % of the critical reference length so a single window holds them.
 */
export function clusterDrafts(
  rng: Rng,
  a: RopeAttributes,
  utilisation: number,
  steps: number,
  at: number,
): DamageDraft[] {
  const rule = criticalRule(a);
  const target = utilisation * rule.limit;
  const stranded = a.ropeType === 'strandedRope';
  const where = `${rng.pick(LOCATIONS)}${rng.chance(0.5) ? ` ${rng.int(2, 14)}` : ''}`;
  const pos = () => round(at + rng.float(0, 0.8 * rule.length), 3);
  const drafts: DamageDraft[] = [];
  if (rule.byCount) {
    let left = Math.max(1, Math.round(target));
    for (let i = 0; i < steps && left > 0; i++) {
      const count = i === steps - 1 ? left : Math.max(1, Math.min(left, rng.int(1, 2)));
      left -= count;
      drafts.push({
        position: pos(),
        type: 'wireBreak',
        damageCount: count,
        description: `${plural(count, 'broken wire')} ${where}`,
      });
    }
    return drafts;
  }
  if (stranded) {
    const perWire = lossPerWire(a);
    let sum = 0;
    for (let i = 0; i < steps; i++) {
      const count = rng.int(1, 2);
      if (sum + count * perWire > target) break;
      sum += count * perWire;
      drafts.push({
        position: pos(),
        type: 'wireBreak',
        damageCount: count,
        description: `${plural(count, 'broken outer wire')} ${where}`,
      });
    }
    while (sum + perWire <= target) {
      sum += perWire;
      drafts.push({
        position: pos(),
        type: 'wireBreak',
        damageCount: 1,
        description: `Further broken outer wire ${where}`,
      });
    }
    const rest = round(target - sum, 2);
    if (rest >= 0.05)
      drafts.push({ position: pos(), type: 'corrosion', lossPct: rest, description: `Local corrosion ${where}` });
    return drafts;
  }
  const shares = Array.from({ length: steps }, () => rng.float(0.5, 1.5));
  const total = shares.reduce((s, x) => s + x, 0);
  let sum = 0;
  shares.forEach((share, i) => {
    const loss = i === steps - 1 ? round(target - sum, 2) : round((target * share) / total, 2);
    sum += loss;
    const type = rng.chance(0.6) ? 'wear' : 'corrosion';
    drafts.push({
      position: pos(),
      type,
      lossPct: Math.max(0.01, loss),
      description: `${type === 'wear' ? 'Abrasion of outer Z-wires' : 'Corrosion of outer wires'} ${where}`,
    });
  });
  return drafts;
}

/** One scattered, minor damage somewhere along the rope. */
export function backgroundDraft(rng: Rng, a: RopeAttributes, length: number): DamageDraft {
  const position = round(rng.float(0.01, 0.99) * length, 2);
  const stranded = a.ropeType === 'strandedRope';
  const roll = rng.float();
  if (roll < (stranded ? 0.45 : 0.15)) {
    const count = rng.chance(0.88) ? 1 : 2;
    return {
      position,
      type: 'wireBreak',
      damageCount: count,
      description: `${plural(count, 'broken outer wire')}, ends tucked in`,
    };
  }
  if (roll < 0.7)
    return {
      position,
      type: 'wear',
      lossPct: round(rng.float(0.1, 0.7), 2),
      description: 'Local abrasion of outer wires',
    };
  if (roll < 0.9)
    return {
      position,
      type: 'corrosion',
      lossPct: round(rng.float(0.1, 0.6), 2),
      description: 'Surface corrosion, lubrication renewed',
    };
  if (roll < 0.97) return { position, type: 'deformation', description: 'Slight waviness after derailment check' };
  return { position, type: 'other', description: 'Lubricant deficiency observed' };
}

/** Event attributes of a draft (timestamp and status are added by the caller). */
export function draftAttributes(d: DamageDraft): Partial<RopeEventAttributes> {
  return {
    recordingType: 'damage',
    type: d.type,
    ...(d.damageCount !== undefined ? { damageCount: d.damageCount } : {}),
    ...(d.lossPct !== undefined ? { crossSectionLossAmount: d.lossPct, crossSectionLossUnit: 'percent' as const } : {}),
    description: d.description,
  };
}
