import type { RopeEventAttributes } from '../events/schemas.ts';
import type { LossModel } from '../ropes/cross-section.ts';

/**
 * An event's cross-section loss as a report prints it: in % of the metallic cross-section and in mm². `null` where
 * the loss was recorded (an amount or broken wires) but the rope lacks what converting it needs: unknown, never 0.
 * `undefined` where nothing was recorded (a repair, a wear note without figures).
 */
export interface EventLoss {
  pct: number | null | undefined;
  mm2: number | null | undefined;
}

type LossFields = Pick<RopeEventAttributes, 'damageCount' | 'crossSectionLossAmount' | 'crossSectionLossUnit'>;

export function eventLoss(event: LossFields, model: LossModel): EventLoss {
  const amount = event.crossSectionLossAmount;
  const { area, perWire } = model;
  if (amount !== undefined && amount > 0) {
    if (event.crossSectionLossUnit === 'mm2') return { pct: area ? (100 * amount) / area : null, mm2: amount };
    return { pct: amount, mm2: area ? (amount * area) / 100 : null };
  }
  const count = event.damageCount ?? 0;
  if (count > 0) {
    const pct = perWire ? count * perWire : null;
    return { pct, mm2: pct !== null && area ? (pct * area) / 100 : null };
  }
  return { pct: undefined, mm2: undefined };
}

/**
 * Sums over events: unknown (null) as soon as one recorded loss is unknown; nothing recorded counts as nothing, and
 * where no event recorded a loss the sum is not recorded either (undefined), as each of its rows reads. Over no
 * events at all it is zero.
 */
export function sumLosses(losses: readonly EventLoss[]): {
  pct: number | null | undefined;
  mm2: number | null | undefined;
} {
  // No damage counted (none listed, or all removed by repairs): nothing is lost, a true zero.
  if (losses.length === 0) return { pct: 0, mm2: 0 };
  return { pct: sumRecorded(losses.map((loss) => loss.pct)), mm2: sumRecorded(losses.map((loss) => loss.mm2)) };
}

/** The sum of the recorded values; null if one is unknown, undefined if none was recorded. */
export function sumRecorded(values: readonly (number | null | undefined)[]): number | null | undefined {
  let sum: number | null | undefined;
  for (const value of values) {
    if (value === null) return null;
    if (value !== undefined) sum = (sum ?? 0) + value;
  }
  return sum;
}
