import type { Splice, SplicePart } from '@rope/domain/events/schemas';
import { type Rng, round, YEAR } from './random.ts';

/** One long splice of an endless haul rope and how its parts age. */
export interface SplicePlan {
  /** Start in current rope coordinates, m. */
  start: number;
  length: number;
  parts: PartPlan[];
}

interface PartPlan {
  name: string;
  type: 'knot' | 'other';
  /** Offset from the splice start, m. */
  offset: number;
  length: number;
  /** Deviation in % of the nominal diameter when the rope was installed, and its change per year. */
  initial: number;
  perYear: number;
}

const STRANDS = 6;

/**
 * Long splices of ~1,200-1,300 d with six knots (K1..K6), two tuck tails per knot (T1..T12) and the two
 * splice ends (S1, S2). Most splices stay within the green band; a worn one drifts towards ±12 %.
 */
export function planSplices(rng: Rng, d: number, ropeLength: number, worn: boolean): SplicePlan[] {
  const count = ropeLength > 5000 && rng.chance(0.4) ? 2 : 1;
  const plans: SplicePlan[] = [];
  for (let s = 0; s < count; s++) {
    const length = round((rng.int(1200, 1300) * d) / 1000, 1);
    const start = round(s === 0 ? rng.float(0.05, 0.35) * ropeLength : ropeLength * rng.float(0.6, 0.8), 1);
    const spacing = length / STRANDS;
    const tail = round(Math.min(spacing * 0.4, (70 * d) / 1000), 2);
    const drift = (knot: boolean) => {
      const wornPart = worn && rng.chance(0.35);
      const initial = rng.float(0, knot ? 3 : 2.5);
      const perYear = wornPart ? rng.float(0.9, 1.8) : rng.float(0, 0.35);
      return { initial, perYear };
    };
    const parts: PartPlan[] = [{ name: 'S1', type: 'other', offset: 0, length: 0.5, ...drift(false) }];
    for (let k = 0; k < STRANDS; k++) {
      const centre = (k + 0.5) * spacing;
      parts.push({ name: `K${k + 1}`, type: 'knot', offset: centre, length: round(d / 1000, 3), ...drift(true) });
      parts.push({ name: `T${2 * k + 1}`, type: 'other', offset: centre - tail / 2, length: tail, ...drift(false) });
      parts.push({ name: `T${2 * k + 2}`, type: 'other', offset: centre + tail / 2, length: tail, ...drift(false) });
    }
    parts.push({ name: 'S2', type: 'other', offset: length, length: 0.5, ...drift(false) });
    plans.push({ start, length, parts });
  }
  return plans;
}

/** The splices as measured at time `at`, positions mapped to the coordinates valid then. */
export function measureSplices(
  rng: Rng,
  plans: SplicePlan[],
  d: number,
  installedAt: number,
  at: number,
  toStored: (position: number) => number,
): Splice[] {
  const age = Math.max(0, (at - installedAt) / YEAR);
  return plans.map((plan) => {
    const parts: SplicePart[] = plan.parts.map((part) => {
      const deviation = Math.min(12, part.initial + part.perYear * age + rng.float(-0.3, 0.3));
      const spread = rng.float(1.5, 3.5);
      const sign = part.type === 'knot' ? 1 : -1;
      const extreme = d * (1 + (sign * deviation) / 100);
      const other = d * (1 + (sign * (deviation - spread)) / 100);
      const worn = deviation > 7;
      return {
        name: part.name,
        type: part.type,
        position: round(toStored(plan.start + part.offset), 2),
        length: part.length,
        diameterMin: round(part.type === 'knot' ? other : extreme, 1),
        diameterMax: round(part.type === 'knot' ? extreme : other, 1),
        brokenWireCount: worn && rng.chance(0.4) ? rng.int(1, 2) : 0,
        looseWireCount: rng.chance(worn ? 0.5 : 0.08) ? 1 : 0,
        isTouchingStrands: part.type === 'other' && worn && rng.chance(0.5),
        isCorrosion: rng.chance(0.04),
        lubricantCondition: rng.pick(['good', 'good', 'sufficient', worn ? 'insufficient' : 'good'] as const),
        ...(worn ? { comment: part.type === 'knot' ? 'Knot diameter increased' : 'Tuck tail diameter reduced' } : {}),
      };
    });
    return {
      positionStart: round(toStored(plan.start), 2),
      positionEnd: round(toStored(plan.start + plan.length), 2),
      strandCount: STRANDS,
      knotCount: STRANDS,
      tuckTailCount: 2 * STRANDS,
      tuckTailEndCount: 2 * STRANDS,
      parts,
    };
  });
}
