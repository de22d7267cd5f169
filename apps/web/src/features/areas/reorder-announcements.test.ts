import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import deAreas from '../../i18n/locales/de-DE/areas.json';
import enAreas from '../../i18n/locales/en-US/areas.json';
import esAreas from '../../i18n/locales/es-ES/areas.json';
import frAreas from '../../i18n/locales/fr-FR/areas.json';
import { reorderAnnouncements } from './reorder-announcements';

const AREAS = { 'en-US': enAreas, 'de-DE': deAreas, 'fr-FR': frAreas, 'es-ES': esAreas };

async function createI18n(language: keyof typeof AREAS) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: { areas: AREAS[language] } } } });
  return instance;
}

describe('reorder announcements', () => {
  it.each(Object.keys(AREAS) as (keyof typeof AREAS)[])('name the rows, never their ids, in %s', async (language) => {
    const i18n = await createI18n(language);
    const names: Record<string, string> = { 17: 'Haul rope 1', 42: 'Track rope 2' };
    const say = reorderAnnouncements((id) => names[id] ?? String(id), i18n.t);
    const active = { id: 17 } as never;
    const over = { id: 42 } as never;
    const texts = [
      say.onDragStart({ active }),
      say.onDragOver({ active, over }),
      say.onDragEnd({ active, over }),
      say.onDragCancel({ active, over: null }),
    ];
    for (const text of texts) {
      expect(text).toContain('Haul rope 1');
      expect(text).not.toMatch(/\b17\b|areas\.reorder/);
    }
    expect(texts[2]).toContain('Track rope 2');
  });
});
