import type { RopeEventAttributes } from '../events/schemas.ts';
import type { DamageChartAnswer } from '../ropes/damage-chart-answer.ts';
import { EN12927 } from '../ropes/rule-sets.ts';
import { WORKED_EXAMPLE_ROPE } from '../ropes/worked-example.ts';
import type { ReportInput } from './build-report.ts';
import type { ReportEvent } from './event-rows.ts';
import type { ReportLabels } from './labels.ts';

/** Labels that show the stored value, so a test reads what the model chose. */
export const plainLabels: ReportLabels = {
  eventType: (type) => `type:${type}`,
  actionStatus: (status) => `status:${status}`,
  option: (attribute, value) => `${attribute}:${value}`,
  ropeAttribute: (attribute) => `attribute:${attribute}`,
};

let nextId = 100;
export function reportEvent(
  position: number | null,
  attributes: Partial<RopeEventAttributes> & Pick<RopeEventAttributes, 'recordingType' | 'type'>,
): ReportEvent {
  return {
    id: nextId++,
    position,
    attributes: { timestamp: '2025-06-01T08:00:00Z', actionStatus: 'new', isImported: false, ...attributes },
  };
}

export function reportInput(overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    kind: 'allDamages',
    area: { name: 'Zermatt', mandator: { name: 'Alpina Bergbahnen AG' } },
    installation: {
      name: 'Sunnegga Express',
      attributes: { installationNumberFatzer: '02-0410', baseUnit: 'metric', timezone: 'Europe/Zurich' },
    },
    rope: { name: 'Haul rope', attributes: { ...WORKED_EXAMPLE_ROPE, ropeLength: 1000, installationYear: 2015 } },
    events: [],
    filter: { archived: false },
    generatedAt: new Date('2026-03-05T13:30:00Z'),
    ...overrides,
  };
}

/** The worked example's figures as the damage answer gives them: 54 % damage over 40 d. */
export const workedExampleFigures: Pick<
  DamageChartAnswer,
  'status' | 'missingInputs' | 'damage' | 'health' | 'ruleSet'
> & { result: { multiple: number; length: number; limit: number; utilisation: number }[] } = {
  status: 'computed',
  missingInputs: [],
  damage: 54.0,
  health: 46.0,
  ruleSet: {
    name: EN12927.name,
    edition: EN12927.edition,
    row: { id: 'haulStranded', label: 'Haul rope', metric: 'lossPct', comparator: 'exceeds', source: 'EN source' },
  },
  result: [
    { multiple: 6, length: 0.24, limit: 6, utilisation: 0.43 },
    { multiple: 40, length: 1.6, limit: 8, utilisation: 0.54 },
    { multiple: 500, length: 20, limit: 25, utilisation: 0.41 },
  ],
};
