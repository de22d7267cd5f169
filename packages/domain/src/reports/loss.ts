import type { RopeEventAttributes } from '../events/schemas.ts';
import type { LossModel } from '../rope/cross-section.ts';

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

/** Sums over events: unknown as soon as one recorded loss is unknown; nothing recorded counts as nothing. */
export function sumLosses(losses: readonly EventLoss[]): { pct: number | null; mm2: number | null } {
  let pct: number | null = 0;
  let mm2: number | null = 0;
  for (const loss of losses) {
    if (loss.pct === null) pct = null;
    else if (pct !== null && loss.pct !== undefined) pct += loss.pct;
    if (loss.mm2 === null) mm2 = null;
    else if (mm2 !== null && loss.mm2 !== undefined) mm2 += loss.mm2;
  }
  return { pct, mm2 };
}
