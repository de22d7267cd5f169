import type { RopeEventAttributes } from '../events.ts';
import type { RopeAttributes } from '../ropes.ts';

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

/** An event's loss in percent of the metallic cross-section; 0 when nothing can be computed. */
export function eventLossPct(event: LossFields, rope: RopeAttributes): number {
  const area = metallicCrossSection(rope);
  if (event.crossSectionLossAmount !== undefined && event.crossSectionLossAmount > 0) {
    if (event.crossSectionLossUnit === 'mm2') return area ? (100 * event.crossSectionLossAmount) / area : 0;
    return event.crossSectionLossAmount;
  }
  const perWire = lossPerBrokenWire(rope);
  return event.damageCount && perWire ? event.damageCount * perWire : 0;
}

/** The same loss in mm²; the unit the user picked for totals. */
export function eventLossMm2(event: LossFields, rope: RopeAttributes): number {
  const area = metallicCrossSection(rope);
  if (event.crossSectionLossUnit === 'mm2' && event.crossSectionLossAmount !== undefined)
    return event.crossSectionLossAmount;
  return area ? (eventLossPct(event, rope) * area) / 100 : 0;
}
