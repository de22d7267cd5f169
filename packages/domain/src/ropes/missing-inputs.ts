import { metallicCrossSection } from './cross-section.ts';
import type { RuleRow, RuleSet } from './rule-sets.ts';
import type { RopeAttributes } from './schemas.ts';

/** Rope attributes a rule set may need to compute damage, in the order the rope settings show them. */
export const DAMAGE_INPUTS = [
  'nominalDiameter',
  'metallicCrossSection',
  'outerWireDiameter',
  'loadBearingOuterWires',
  'ropeLay',
] as const;
export type DamageInput = (typeof DAMAGE_INPUTS)[number];

/**
 * What the rope's rule row needs whatever its events: the nominal diameter for the reference lengths,
 * the metallic cross-section (or fill factor and diameter) for loss rules, load-bearing outer wires and lay for
 * ISO 4309 (its ordinary-lay default would allow more breaks than a Lang-lay rope may have).
 */
export function missingRuleInputs(rope: RopeAttributes, ruleSet: RuleSet, row: RuleRow): DamageInput[] {
  const missing: DamageInput[] = [];
  if (!rope.nominalDiameter) missing.push('nominalDiameter');
  if (row.metric === 'lossPct' && !metallicCrossSection(rope)) missing.push('metallicCrossSection');
  if (ruleSet.id === 'ISO4309') {
    if (!rope.loadBearingOuterWires) missing.push('loadBearingOuterWires');
    if (!rope.ropeLay) missing.push('ropeLay');
  }
  return missing;
}

/** The rule-set inputs plus the outer wire diameter when a damage recorded only as broken wires must become loss. */
export function missingInputs(
  rope: RopeAttributes,
  ruleSet: RuleSet,
  row: RuleRow,
  hasWireOnlyDamage: boolean,
): DamageInput[] {
  const missing = missingRuleInputs(rope, ruleSet, row);
  if (row.metric === 'lossPct' && hasWireOnlyDamage && !rope.outerWireDiameter) missing.push('outerWireDiameter');
  return DAMAGE_INPUTS.filter((input) => missing.includes(input));
}

/** Merges the missing inputs of several ropes (an installation's or area's), in the settings' order. */
export function mergeMissingInputs(lists: readonly (readonly string[] | null | undefined)[]): DamageInput[] {
  const all = new Set(lists.flatMap((list) => list ?? []));
  return DAMAGE_INPUTS.filter((input) => all.has(input));
}
