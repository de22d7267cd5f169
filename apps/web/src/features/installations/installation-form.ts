import type { InstallationAttributes } from '@rope/domain/hierarchy/installations';
import {
  type InstallationUpdate,
  type installationSettingsFileSchema,
  installationUpdateSchema,
  SETTINGS_FILE_VERSION,
} from '@rope/domain/hierarchy/schemas';
import type { InstallationView } from '@rope/domain/hierarchy/views';
import type { z } from 'zod';
import type { DomainFormSpec } from '../../lib/domain-form';
import {
  type AttributeValues,
  attributeField,
  attributesFromValues,
  keepKeys,
  valuesFromAttributes,
} from './attribute-form';
import { allInstallationFields, dropOtherType, MAP_IMAGE_ATTRIBUTES } from './installation-fields';

export type InstallationSettingsFile = z.infer<typeof installationSettingsFileSchema>;

export function initialInstallationValues(
  installation: Pick<InstallationView, 'name' | 'attributes'>,
): AttributeValues {
  return { name: installation.name, ...valuesFromAttributes(installation.attributes, allInstallationFields()) };
}

function imageAttributes(base: InstallationAttributes): Record<string, unknown> {
  return Object.fromEntries(
    MAP_IMAGE_ATTRIBUTES.filter((key) => base[key] !== undefined).map((key) => [key, base[key]]),
  );
}

/** PATCH body: the form's attributes plus the stored image fields the upload set. */
export function toInstallationUpdate(values: AttributeValues, base: InstallationAttributes) {
  const attributes = dropOtherType({
    ...imageAttributes(base),
    ...attributesFromValues(values, allInstallationFields()),
  });
  return { name: String(values.name ?? ''), attributes };
}

/** The settings dialog on the domain's installation schema; `base` holds the stored image fields. */
export function installationFormSpec(
  base: InstallationAttributes,
): DomainFormSpec<AttributeValues, InstallationUpdate> {
  return {
    schema: installationUpdateSchema,
    toInput: (values) => toInstallationUpdate(values, base),
    entity: 'installation',
    fieldOf: attributeField,
  };
}

/** The downloadable settings: what the form shows, without the image fields (they name a stored file). */
export function installationSettingsFile(values: AttributeValues): InstallationSettingsFile {
  return {
    kind: 'installation',
    version: SETTINGS_FILE_VERSION,
    name: String(values.name ?? ''),
    attributes: dropOtherType(attributesFromValues(values, allInstallationFields())) as InstallationAttributes,
  };
}

/**
 * The form values after loading a file: a template for attributes, not an identity, so the installation keeps its
 * name; fields the user may not change keep their current value too.
 */
export function valuesFromInstallationFile(
  file: InstallationSettingsFile,
  current: AttributeValues,
  lockedKeys: readonly string[],
): AttributeValues {
  const fields = allInstallationFields();
  const currentAttributes = attributesFromValues(current, fields);
  const attributes = keepKeys(file.attributes, currentAttributes, lockedKeys);
  return { name: current.name ?? '', ...valuesFromAttributes(attributes, fields) };
}
