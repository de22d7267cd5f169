import {
  DEFAULT_EXPECTED_SERVICE_LIFE,
  ROPE_APPLICATIONS,
  ROPE_CORES,
  ROPE_LAY_DIRECTIONS,
  ROPE_LAYS,
  ROPE_STANDARDS,
  ROPE_SURFACES,
  ROPE_TYPES,
} from '@rope/domain/ropes/kinds';
import type { AttributeValues, FieldSpec } from '../installations';

export const ROPE_TABS = ['construction', 'dimensions', 'service', 'comment'] as const;
export type RopeTab = (typeof ROPE_TABS)[number];

/** The rope attribute catalogue of the domain, grouped the way an inspector reads a rope's data sheet. */
export const ROPE_FIELDS: Record<RopeTab, FieldSpec[]> = {
  construction: [
    { key: 'ropeType', kind: 'select', options: ROPE_TYPES },
    { key: 'ropeApplication', kind: 'select', options: ROPE_APPLICATIONS },
    { key: 'ropeDesign', kind: 'text' },
    { key: 'construction', kind: 'text' },
    { key: 'ropeCore', kind: 'select', options: ROPE_CORES },
    { key: 'ropeSurface', kind: 'select', options: ROPE_SURFACES },
    { key: 'ropeLay', kind: 'select', options: ROPE_LAYS },
    { key: 'ropeLayDirection', kind: 'select', options: ROPE_LAY_DIRECTIONS },
  ],
  dimensions: [
    { key: 'nominalDiameter', kind: 'number', min: 0, max: 500 },
    { key: 'metallicCrossSection', kind: 'number', min: 0 },
    { key: 'fillFactor', kind: 'number', min: 0, max: 1 },
    { key: 'outerWireDiameter', kind: 'number', min: 0, max: 50 },
    { key: 'loadBearingOuterWires', kind: 'integer', min: 1, max: 10_000 },
    { key: 'minimumBreakingForce', kind: 'number', min: 0 },
    { key: 'tensileStrengthGrade', kind: 'number', min: 0 },
    { key: 'standard', kind: 'select', options: ROPE_STANDARDS },
  ],
  service: [
    { key: 'installationYear', kind: 'integer', min: 1800, max: 2200 },
    { key: 'ropeManufacturer', kind: 'text' },
    { key: 'ropeLength', kind: 'number', min: 0 },
    { key: 'loopLength', kind: 'number', min: 0 },
    { key: 'positionOffset', kind: 'number', min: -1_000_000, max: 1_000_000 },
    { key: 'deviceSerialNumber', kind: 'text' },
    { key: 'bendingCyclesUntilNow', kind: 'number', min: 0 },
    { key: 'bendingCyclesUntilNowAt', kind: 'date' },
    { key: 'expectedServiceLife', kind: 'number', min: 1 },
  ],
  comment: [{ key: 'comment', kind: 'textarea' }],
};

export const ALL_ROPE_FIELDS: FieldSpec[] = Object.values(ROPE_FIELDS).flat();

/** The metallic cross-section or the fill factor describes the rope's steel; the form edits one of them. */
export const CROSS_SECTION_MODE = 'crossSectionMode';
export type CrossSectionMode = 'metallic' | 'fill';

export function crossSectionMode(attributes: { metallicCrossSection?: number; fillFactor?: number }): CrossSectionMode {
  return attributes.metallicCrossSection === undefined && attributes.fillFactor !== undefined ? 'fill' : 'metallic';
}

export function isRopeFieldShown(key: string, values: AttributeValues): boolean {
  if (key === 'metallicCrossSection') return values[CROSS_SECTION_MODE] !== 'fill';
  if (key === 'fillFactor') return values[CROSS_SECTION_MODE] === 'fill';
  return true;
}

export { DEFAULT_EXPECTED_SERVICE_LIFE };
