import type { RopeEventAttributes } from '../../../packages/domain/src/events/schemas.ts';

const DESCRIPTIONS = [
  'Broken outer wire, ends tucked in',
  'Two broken outer wires near the clamp position, marked with paint for the next inspection',
  'Local abrasion of outer wires',
  'Surface corrosion, lubrication renewed',
  'Wire break found by MRT, confirmed visually at 0.3 m/s',
];

/** A seeded sequence, so every run draws the same rope. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * `count` damage events along a 2,000 m haul rope: wire breaks, corrosion in % and wear in mm². With `foreign`, every
 * tenth names its inspector in Polish letters, which the PDF standard fonts cannot print.
 */
export function reportEvents(count: number, foreign = false) {
  const next = random(42);
  return Array.from({ length: count }, (_, index) => {
    const kind = next();
    const attributes: RopeEventAttributes =
      kind < 0.6
        ? { ...base(index), type: 'wireBreak', damageCount: 1 + Math.floor(next() * 3) }
        : kind < 0.85
          ? {
              ...base(index),
              type: 'corrosion',
              crossSectionLossAmount: Math.round(next() * 50) / 100,
              crossSectionLossUnit: 'percent',
            }
          : {
              ...base(index),
              type: 'wear',
              crossSectionLossAmount: Math.round(next() * 400) / 100,
              crossSectionLossUnit: 'mm2',
            };
    const description = DESCRIPTIONS[Math.floor(next() * DESCRIPTIONS.length)]!;
    attributes.description = foreign && index % 10 === 0 ? `${description} (Łukasz Żółć)` : description;
    attributes.actionStatus = next() < 0.7 ? 'seen' : 'new';
    return { id: index + 1, position: Math.round(next() * 200_000) / 100, attributes };
  });
}

function base(index: number): Pick<RopeEventAttributes, 'timestamp' | 'recordingType' | 'actionStatus' | 'isImported'> {
  return {
    timestamp: new Date(Date.UTC(2021, 0, 1) + index * 3 * 86_400_000).toISOString(),
    recordingType: 'damage',
    actionStatus: 'new',
    isImported: false,
  };
}
