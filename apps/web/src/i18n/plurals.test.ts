import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

async function translator(language: string) {
  const translation: Record<string, unknown> = {};
  for (const [path, json] of Object.entries(files)) {
    const [, lang, feature] = path.match(/^\.\/locales\/([^/]+)\/(.+)\.json$/) ?? [];
    if (lang === language && feature) translation[feature] = json;
  }
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation } } });
  return instance.t.bind(instance);
}

// Texts with a number in them agree with it: never "1 documents", "1 Drahtbrüche" or "1 candidats".
describe('plurals', () => {
  it('writes one and many in German', async () => {
    const t = await translator('de-DE');
    const folder = (documents: number, folders: number) =>
      t('documents.general.deleteNotEmpty', {
        documents: t('documents.widget.count', { count: documents }),
        folders: t('documents.general.folderCount', { count: folders }),
      });
    expect(folder(1, 2)).toBe(
      'Nur ein leerer Ordner kann gelöscht werden: Er enthält noch 1 Dokument und 2 Unterordner.',
    );
    expect(folder(3, 1)).toContain('3 Dokumente und 1 Unterordner');
    expect(t('events.import.saving', { done: 1, count: 1 })).toBe('1 von 1 Ereignis gespeichert…');
    expect(t('events.import.saving', { done: 1, count: 4 })).toBe('1 von 4 Ereignissen gespeichert…');
    expect(t('events.truscan.candidates', { count: 1 })).toBe('1 Schadenskandidat zu prüfen');
    expect(t('events.truscan.done', { count: 2, candidates: t('events.truscan.candidates', { count: 5 }) })).toBe(
      '2 TRUscan-Messungen gespeichert, 5 Schadenskandidaten zu prüfen',
    );
    const line = { multiple: 6, length: '150', utilisation: '40' };
    expect(t('charts.damage.lineWires', { ...line, limit: '1', count: 1 })).toContain('(Grenze 1 Drahtbruch)');
    expect(t('charts.damage.lineWires', { ...line, limit: '2', count: 2 })).toContain('(Grenze 2 Drahtbrüche)');
    expect(t('events.mrt.range', { from: '0', to: '5', perBucket: '1', count: 1 })).toBe(
      '0 m bis 5 m, 1 Messwert je Punkt',
    );
  });

  it('writes one and many in French, where 0 is singular too', async () => {
    const t = await translator('fr-FR');
    expect(t('documents.widget.count', { count: 1 })).toBe('1 document');
    expect(t('documents.general.folderCount', { count: 0 })).toBe('0 sous-dossier');
    expect(t('documents.general.folderCount', { count: 2 })).toBe('2 sous-dossiers');
    expect(t('events.import.saving', { done: 1, count: 1 })).toBe('Enregistrement de 1 sur 1 événement…');
    expect(t('events.import.saving', { done: 2, count: 3 })).toBe('Enregistrement de 2 sur 3 événements…');
    expect(t('events.truscan.candidates', { count: 1 })).toBe('1 candidat de dommage à examiner');
    expect(t('events.truscan.candidates', { count: 1_000_000 })).toBe('1000000 candidats de dommage à examiner');
    const line = { multiple: 6, length: '150', utilisation: '40' };
    expect(t('charts.damage.lineWires', { ...line, limit: '1', count: 1 })).toContain('(limite 1 fil rompu)');
    expect(t('charts.damage.lineWires', { ...line, limit: '4', count: 4 })).toContain('(limite 4 fils rompus)');
  });
});
