import { describe, expect, it } from 'vitest';
import { countryNames, localeFromAcceptLanguage, timeZoneNames } from '../intl.ts';
import {
  areaMapSettingsSchema,
  installationUpdateSchema,
  lockedInstallationAttributes,
  nextFreeName,
} from './schemas.ts';

describe('hierarchy rules', () => {
  it('names new items with the next free number in the parent', () => {
    expect(nextFreeName('Installation', [])).toBe('Installation 1');
    expect(nextFreeName('Installation', ['Installation 1', 'Installation 3', 'Gondola'])).toBe('Installation 2');
    expect(nextFreeName('Rope', ['Rope 1', 'Rope 2'])).toBe('Rope 3');
    expect(nextFreeName('Rope', ['Rope 1a', 'rope 1'])).toBe('Rope 1');
  });

  it('bounds the map zoom to 1..27 in steps of 0.1', () => {
    const base = { isMap: true, mapBaseLayers: ['openStreetMap'], mapDefaultBaseLayer: 'openStreetMap', latlng: null };
    expect(areaMapSettingsSchema.safeParse({ ...base, mapZoom: 13.1 }).success).toBe(true);
    expect(areaMapSettingsSchema.safeParse({ ...base, mapZoom: 13.15 }).success).toBe(false);
    expect(areaMapSettingsSchema.safeParse({ ...base, mapZoom: 28 }).success).toBe(false);
  });

  it('refuses a construction year in the future', () => {
    const next = new Date().getFullYear() + 1;
    expect(installationUpdateSchema.safeParse({ attributes: { constructionYear: next } }).success).toBe(false);
    expect(installationUpdateSchema.safeParse({ attributes: { constructionYear: 1990 } }).success).toBe(true);
  });

  it('locks admin-only installation fields for others, the timezone for all but admins and PMs', () => {
    expect(lockedInstallationAttributes({ roles: ['ROLE_ADMIN'] })).toEqual([]);
    expect(lockedInstallationAttributes({ roles: ['ROLE_PROJECT_MANAGER'] })).toContain('objectNumber');
    expect(lockedInstallationAttributes({ roles: ['ROLE_PROJECT_MANAGER'] })).not.toContain('timezone');
    expect(lockedInstallationAttributes({ roles: ['ROLE_CLIENT_ADMIN'] })).toContain('timezone');
  });
});

describe('intl reference data', () => {
  it('names countries and time zones in the asked language', () => {
    expect(countryNames('de-DE').CH).toBe('Schweiz');
    expect(countryNames('fr-FR').AT).toBe('Autriche');
    expect(Object.keys(countryNames('en-US')).length).toBeGreaterThan(240);
    expect(timeZoneNames('en-US')['Europe/Zurich']).toContain('Europe/Zurich');
  });

  it('picks the language of an Accept-Language header', () => {
    const supported = ['en-US', 'de-DE', 'fr-FR', 'es-ES'];
    expect(localeFromAcceptLanguage('de-CH,de;q=0.9,en;q=0.8', supported)).toBe('de-DE');
    expect(localeFromAcceptLanguage('fr', supported)).toBe('fr-FR');
    expect(localeFromAcceptLanguage('', supported)).toBe('en-US');
    expect(localeFromAcceptLanguage('ja-JP', supported)).toBe('en-US');
  });
});
