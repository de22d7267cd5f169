import type { RopeEventAttributes } from '../events/schemas.ts';
import type { RopeEventInput } from './effective-events.ts';
import { DAMAGE_FLAGS, type DamageRows } from './rope-damage.ts';

let nextId = 1;

/** A rope event for the damage tests: by default a new wire break, typed in; each gets an id of its own. */
export function ropeEvent(position: number | null, attributes: Partial<RopeEventAttributes> = {}): RopeEventInput {
  return {
    id: nextId++,
    position,
    attributes: {
      timestamp: '2025-01-01T00:00:00Z',
      recordingType: 'damage',
      type: 'wireBreak',
      actionStatus: 'new',
      isImported: false,
      ...attributes,
    },
  };
}

/** The same located damages as bulk rows (the stored form), so a test can check both paths agree. */
export function damageRowsOf(events: readonly RopeEventInput[]): DamageRows {
  return {
    id: events.map((event) => event.id),
    position: events.map((event) => event.position!),
    damageCount: events.map((event) => event.attributes.damageCount ?? 0),
    lossAmount: events.map((event) => event.attributes.crossSectionLossAmount ?? null),
    flags: events.map(
      (event) =>
        (event.attributes.crossSectionLossUnit === 'mm2' ? DAMAGE_FLAGS.lossInMm2 : 0) |
        (event.attributes.detection === 'mrt' ? DAMAGE_FLAGS.foundByMrt : 0),
    ),
  };
}
