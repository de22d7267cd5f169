import { eventLossPct, lossModel } from './cross-section.ts';
import { emptyDamages } from './damage-columns.ts';
import { changesHistory, type DamageFilter, effectiveDamages, type RopeEventInput } from './effective-events.ts';
import { damageOfColumns, type RopeDamageResult } from './rope-damage.ts';
import { ruleRowFor } from './rule-sets.ts';
import type { RopeAttributes } from './schemas.ts';

/** The damages that count as a chart answer of the server holds them: at datum positions, already filtered. */
export interface KnownDamages {
  id: ArrayLike<number>;
  position: ArrayLike<number>;
  count: ArrayLike<number>;
  lossPct: ArrayLike<number>;
  /**
   * Whether one of them is recorded only as broken wires under a loss rule: the server says so by missing the outer
   * wire diameter (missingInputs), the only thing that fact changes.
   */
  hasWireOnlyDamage: boolean;
}

export interface PendingDamageOptions {
  damageFilter?: DamageFilter;
  loopLength?: number;
}

/**
 * The rope's damage with the events a device recorded and has not yet sent (issue 28): the server's damages plus the
 * new ones, through the same windows and rule as the server, so the chart and gauges offline show what the server
 * will compute. The new events take ids below zero, in their order. Null when a pending event changes the rope's
 * history (a repair piece, a relevant mutation): what it removes or shifts needs every event, which only the server
 * has, so that figure waits for the sync rather than being guessed.
 */
export function damageWithPending(
  rope: RopeAttributes,
  known: KnownDamages,
  pending: readonly Omit<RopeEventInput, 'id'>[],
  options: PendingDamageOptions = {},
): RopeDamageResult | null {
  const numbered = pending.map((event, index) => ({ ...event, id: -(index + 1) }));
  if (numbered.some(changesHistory)) return null;
  const { row } = ruleRowFor(rope);
  const model = lossModel(rope);
  const added = effectiveDamages(numbered, {
    damageFilter: options.damageFilter,
    positionOffset: rope.positionOffset ?? 0,
  });
  const damages = emptyDamages(known.id.length + added.length, row.metric);
  for (let i = 0; i < known.id.length; i += 1) {
    damages.id[i] = known.id[i]!;
    damages.position[i] = known.position[i]!;
    damages.count[i] = known.count[i]!;
    damages.lossPct[i] = known.lossPct[i]!;
  }
  damages.length = known.id.length;
  let wireOnly = known.hasWireOnlyDamage;
  for (const event of added) {
    const count = event.attributes.damageCount ?? 0;
    if (count > 0 && !((event.attributes.crossSectionLossAmount ?? 0) > 0)) wireOnly = true;
    const at = damages.length++;
    damages.id[at] = event.id;
    damages.position[at] = event.position!;
    damages.count[at] = count;
    damages.lossPct[at] = eventLossPct(event.attributes, rope, model);
  }
  return damageOfColumns(rope, damages, wireOnly, options.loopLength);
}
