import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import deInstallations from '../../i18n/locales/de-DE/installations.json';
import frInstallations from '../../i18n/locales/fr-FR/installations.json';
import { constructorLabel, countryLabel, facilityTypeLabel } from './project-labels';

async function translator(language: string, installations: unknown) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: { installations } } } });
  return instance.t;
}

describe('project labels', () => {
  it('reads the codes of the external system as the installation options do, in German and French', async () => {
    const de = await translator('de-DE', deInstallations);
    expect(facilityTypeLabel(de, 'aerialTramway')).toBe('Pendelbahn');
    expect(facilityTypeLabel(de, 'gondola')).toBe('Gondelbahn');
    expect(facilityTypeLabel(de, 'bridge')).toBe('Brücke');
    expect(constructorLabel(de, 'vonroll')).toBe('Von Roll');
    const fr = await translator('fr-FR', frInstallations);
    expect(facilityTypeLabel(fr, 'aerialTramway')).toBe('Téléphérique');
    expect(constructorLabel(fr, 'doppelmayr')).toBe('Doppelmayr');
  });

  it('shows an unknown code as sent and nothing as nothing', async () => {
    const de = await translator('de-DE', deInstallations);
    expect(facilityTypeLabel(de, 'Kabinenbahn 8er')).toBe('Kabinenbahn 8er');
    expect(constructorLabel(de, 'Acme')).toBe('Acme');
    expect(facilityTypeLabel(de, null)).toBeNull();
    expect(countryLabel('de-DE', null)).toBeNull();
  });

  it('names the country in the interface language', () => {
    expect(countryLabel('de-DE', 'CH')).toBe('Schweiz');
    expect(countryLabel('fr-FR', 'CH')).toBe('Suisse');
    expect(countryLabel('de-DE', 'AT')).toBe('Österreich');
  });
});
