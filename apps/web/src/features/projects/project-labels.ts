import {
  BUILDING_TYPES,
  INSTALLATION_MANUFACTURERS,
  INSTALLATION_TYPES,
  ROPEWAY_TYPES,
} from '@rope/domain/hierarchy/installations';
import type { TFunction } from 'i18next';

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * The external system sends the facility type and builder as codes ("aerialTramway", "doppelmayr"): they read as
 * the installation's own options do. A code this client does not know (free text of the external system) shows as
 * sent; nothing sent is null.
 */
export function facilityTypeLabel(t: TFunction, code: string | null): string | null {
  if (!code) return null;
  if (isOneOf(ROPEWAY_TYPES, code)) return t(`installations.options.ropewayType.${code}`);
  if (isOneOf(BUILDING_TYPES, code)) return t(`installations.options.buildingType.${code}`);
  if (isOneOf(INSTALLATION_TYPES, code)) return t(`installations.options.installationType.${code}`);
  return code;
}

export function constructorLabel(t: TFunction, code: string | null): string | null {
  if (!code) return null;
  return isOneOf(INSTALLATION_MANUFACTURERS, code) ? t(`installations.options.installationManufacturer.${code}`) : code;
}

/** A two-letter country code as the country's name in the interface language; an unknown code shows as sent. */
export function countryLabel(language: string, code: string | null): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
