import {
  BASE_UNITS,
  BUILDING_TYPES,
  CARRIAGE_TYPES,
  CLAMP_TYPES,
  INSTALLATION_MANUFACTURERS,
  INSTALLATION_TYPES,
  ROPEWAY_TYPES,
  TENSION_STATIONS,
} from '@rope/domain/hierarchy/installations';
import { ADMIN_ONLY_INSTALLATION_ATTRIBUTES } from '@rope/domain/hierarchy/schemas';
import type { AttributeValues, FieldSpec } from './attribute-form';

export const INSTALLATION_TABS = ['general', 'operation', 'location', 'map'] as const;
export type InstallationTab = (typeof INSTALLATION_TABS)[number];

const CONSTRUCTION_YEAR_MIN = 1800;

/** Every installation attribute of the domain catalogue, by the tab that edits it. */
export function installationFields(now = new Date()): Record<InstallationTab, FieldSpec[]> {
  return {
    general: [
      { key: 'objectName', kind: 'text' },
      { key: 'objectNumber', kind: 'text' },
      { key: 'locationInstallation', kind: 'text' },
      { key: 'installationType', kind: 'select', options: INSTALLATION_TYPES },
      { key: 'ropewayType', kind: 'select', options: ROPEWAY_TYPES },
      { key: 'buildingType', kind: 'select', options: BUILDING_TYPES },
      { key: 'constructionYear', kind: 'integer', min: CONSTRUCTION_YEAR_MIN, max: now.getFullYear() },
      { key: 'installationManufacturer', kind: 'select', options: INSTALLATION_MANUFACTURERS },
      { key: 'installationNumberFatzer', kind: 'text' },
      { key: 'installationNumberManufacturer', kind: 'text' },
      { key: 'otherNumbers', kind: 'text' },
      { key: 'projectManagerFatzer', kind: 'text' },
    ],
    operation: [
      { key: 'carriageCapacity', kind: 'number', min: 0 },
      { key: 'clampType', kind: 'select', options: CLAMP_TYPES },
      { key: 'carriageType', kind: 'select', options: CARRIAGE_TYPES },
      { key: 'carriageCount', kind: 'integer', min: 0 },
      { key: 'installationLength', kind: 'number', min: 0 },
      { key: 'baseUnit', kind: 'select', options: BASE_UNITS },
      { key: 'operatingHoursPerYear', kind: 'number', min: 0, max: 8784 },
      { key: 'tensionStation', kind: 'select', options: TENSION_STATIONS },
      { key: 'operatingSpeed', kind: 'number', min: 0, max: 100 },
      { key: 'ropeCount', kind: 'integer', min: 0 },
      { key: 'loopLength', kind: 'number', min: 0 },
      { key: 'bendsPerRevolution', kind: 'integer', min: 0, max: 1000 },
    ],
    location: [
      { key: 'country', kind: 'remote' },
      { key: 'timezone', kind: 'remote' },
    ],
    map: [{ key: 'isMap', kind: 'switch' }],
  };
}

export function allInstallationFields(): FieldSpec[] {
  return Object.values(installationFields()).flat();
}

/** Set by the image upload, never typed in: kept as stored, left out of settings files. */
export const MAP_IMAGE_ATTRIBUTES = ['mapImageUri', 'mapImageWidth', 'mapImageHeight'] as const;

export interface FieldAccess {
  /** MAP_EDIT: the admin-only attributes. */
  isAdmin: boolean;
  /** INSTALLATION_TIMEZONE: admins and project managers. */
  mayEditTimezone: boolean;
  readOnly: boolean;
}

const ADMIN_ONLY: readonly string[] = ADMIN_ONLY_INSTALLATION_ATTRIBUTES;

/** The object number shows to all but only admins edit it; the other admin-only fields show to admins only. */
export function isFieldShown(key: string, values: AttributeValues, access: FieldAccess): boolean {
  if (key === 'ropewayType') return values.installationType !== 'building';
  if (key === 'buildingType') return values.installationType === 'building';
  if (key === 'objectNumber') return true;
  return access.isAdmin || !ADMIN_ONLY.includes(key);
}

export function isFieldEditable(key: string, access: FieldAccess): boolean {
  if (access.readOnly) return false;
  if (key === 'timezone') return access.mayEditTimezone;
  return access.isAdmin || !ADMIN_ONLY.includes(key);
}

/** The type not chosen is not stored: a ropeway has no building type and the reverse. */
export function dropOtherType(attributes: Record<string, unknown>): Record<string, unknown> {
  const { ropewayType, buildingType, ...rest } = attributes;
  if (attributes.installationType === 'building') return buildingType === undefined ? rest : { ...rest, buildingType };
  return ropewayType === undefined ? rest : { ...rest, ropewayType };
}
