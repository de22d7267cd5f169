import type { RopeEventAttributes } from '../events/schemas.ts';
import type { RopeAttributes } from './schemas.ts';

/** Metallic cross-section A in mm²: the rope's value, or C·d² from fill factor and nominal diameter (EN 12385-2). */
export function metallicCrossSection(rope: RopeAttributes): number | undefined {
  if (rope.metallicCrossSection) return rope.metallicCrossSection;
  if (rope.fillFactor && rope.nominalDiameter) return rope.fillFactor * rope.nominalDiameter ** 2;
  return undefined;
}

/** Loss of one broken outer wire in percent of A: (π δ² / 4) / A · 100. */
export function lossPerBrokenWire(rope: RopeAttributes): number | undefined {
  const area = metallicCrossSection(rope);
  if (!area || !rope.outerWireDiameter) return undefined;
  return ((Math.PI * rope.outerWireDiameter ** 2) / 4 / area) * 100;
}

type LossFields = Pick<RopeEventAttributes, 'damageCount' | 'crossSectionLossAmount' | 'crossSectionLossUnit'>;

/** What converting many events needs from the rope, computed once: A and the loss of one broken wire. */
export interface LossModel {
  area: number | undefined;
  perWire: number | undefined;
}

export function lossModel(rope: RopeAttributes): LossModel {
  return { area: metallicCrossSection(rope), perWire: lossPerBrokenWire(rope) };
}

/** An event's loss in percent of A from its raw fields; 0 when nothing can be computed. */
export function lossPctOf(
  model: LossModel,
  damageCount: number,
  lossAmount: number | null,
  lossInMm2: boolean,
): number {
  if (lossAmount !== null && lossAmount > 0) {
    if (lossInMm2) return model.area ? (100 * lossAmount) / model.area : 0;
    return lossAmount;
  }
  return damageCount && model.perWire ? damageCount * model.perWire : 0;
}

/** An event's loss in percent of the metallic cross-section; 0 when nothing can be computed. */
export function eventLossPct(event: LossFields, rope: RopeAttributes, model: LossModel = lossModel(rope)): number {
  return lossPctOf(
    model,
    event.damageCount ?? 0,
    event.crossSectionLossAmount ?? null,
    event.crossSectionLossUnit === 'mm2',
  );
}

/** The same loss in mm²; the unit the user picked for totals. */
export function eventLossMm2(event: LossFields, rope: RopeAttributes): number {
  const area = metallicCrossSection(rope);
  if (event.crossSectionLossUnit === 'mm2' && event.crossSectionLossAmount !== undefined)
    return event.crossSectionLossAmount;
  return area ? (eventLossPct(event, rope) * area) / 100 : 0;
}
