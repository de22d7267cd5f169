import {
  type RopeUpdate,
  type ropeSettingsFileSchema,
  ropeUpdateSchema,
  SETTINGS_FILE_VERSION,
} from '@rope/domain/hierarchy/schemas';
import type { RopeView } from '@rope/domain/hierarchy/views';
import type { RopeAttributes } from '@rope/domain/ropes/schemas';
import type { z } from 'zod';
import type { DomainFormSpec } from '../../lib/domain-form';
import { type AttributeValues, attributeField, attributesFromValues, valuesFromAttributes } from '../installations';
import { ALL_ROPE_FIELDS, CROSS_SECTION_MODE, crossSectionMode, DEFAULT_EXPECTED_SERVICE_LIFE } from './rope-fields';

export type RopeSettingsFile = z.infer<typeof ropeSettingsFileSchema>;

function valuesOf(name: string, attributes: RopeAttributes): AttributeValues {
  return {
    name,
    ...valuesFromAttributes(attributes, ALL_ROPE_FIELDS),
    [CROSS_SECTION_MODE]: crossSectionMode(attributes),
  };
}

/** A rope without an expected service life starts with the default of 1,000,000 bending cycles. */
export function initialRopeValues(rope: Pick<RopeView, 'name' | 'attributes'>): AttributeValues {
  return valuesOf(rope.name, {
    ...rope.attributes,
    expectedServiceLife: rope.attributes.expectedServiceLife ?? DEFAULT_EXPECTED_SERVICE_LIFE,
  });
}

/** The attributes the form describes: only the chosen one of cross-section and fill factor. */
export function ropeAttributesFromValues(values: AttributeValues): Record<string, unknown> {
  const attributes = attributesFromValues(values, ALL_ROPE_FIELDS);
  if (values[CROSS_SECTION_MODE] === 'fill') delete attributes.metallicCrossSection;
  else delete attributes.fillFactor;
  return attributes;
}

export function toRopeUpdate(values: AttributeValues) {
  return { name: String(values.name ?? ''), attributes: ropeAttributesFromValues(values) };
}

/** The settings dialog on the domain's rope schema. */
export const ropeFormSpec: DomainFormSpec<AttributeValues, RopeUpdate> = {
  schema: ropeUpdateSchema,
  toInput: toRopeUpdate,
  entity: 'rope',
  fieldOf: attributeField,
};

export function ropeSettingsFile(values: AttributeValues): RopeSettingsFile {
  return {
    kind: 'rope',
    version: SETTINGS_FILE_VERSION,
    name: String(values.name ?? ''),
    attributes: ropeAttributesFromValues(values) as RopeAttributes,
  };
}

/** Attributes that name this rope's own device: a file, being a template, never brings them over the target's. */
const ROPE_IDENTITY_ATTRIBUTES = ['deviceSerialNumber'] as const;

/**
 * The form values after loading a settings file: a file is a template for attributes, not an identity, so the
 * rope keeps its name and its device serial number (ids and ordering are not in the form at all).
 */
export function valuesFromRopeFile(file: RopeSettingsFile, current: AttributeValues): AttributeValues {
  const attributes: Record<string, unknown> = { ...file.attributes };
  for (const key of ROPE_IDENTITY_ATTRIBUTES) delete attributes[key];
  const loaded = valuesOf(String(current.name ?? ''), attributes as RopeAttributes);
  for (const key of ROPE_IDENTITY_ATTRIBUTES) loaded[key] = current[key] ?? '';
  return loaded;
}
