import { RULE_SETS } from '@rope/domain/ropes/rule-sets';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import deCharts from '../../i18n/locales/de-DE/charts.json';
import deRopes from '../../i18n/locales/de-DE/ropes.json';
import frCharts from '../../i18n/locales/fr-FR/charts.json';
import frRopes from '../../i18n/locales/fr-FR/ropes.json';
import { ruleSetText } from './rule-set-text';

type RuleSet = Parameters<typeof ruleSetText>[2];

async function translator(language: string, charts: unknown, ropes: unknown) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: { charts, ropes } } } });
  return instance.t;
}

const answerOf = (standard: 'EN12927' | 'ISO4309', rowId: string): RuleSet => {
  const set = RULE_SETS[standard];
  const row = set.rows.find((candidate) => candidate.id === rowId)!;
  return { name: set.name, edition: set.edition, row: { ...row } };
};

describe('rule set texts', () => {
  it('names the standard, its row and source in German, the number unchanged', async () => {
    const t = await translator('de-DE', deCharts, deRopes);
    const text = ruleSetText(t, 'EN12927', answerOf('EN12927', 'haulStranded'));
    expect(text.name).toBe('EN 12927 (Seilbahnen)');
    expect(text.row).toBe('Zug-, Förder- oder Schleppseil (Litzenseil)');
    expect(text.source).toContain('Seilbahn-Seilverordnung');
    expect(ruleSetText(t, 'EN12927', answerOf('EN12927', 'tension')).row).toBe('Spannseil');
    expect(ruleSetText(t, 'ISO4309', answerOf('ISO4309', 'RCN04-lang')).row).toBe('RCN 04, Gleichschlag');
  });

  it('does so in French, and shows what it does not know as sent', async () => {
    const t = await translator('fr-FR', frCharts, frRopes);
    expect(ruleSetText(t, 'ISO4309', answerOf('ISO4309', 'RCN01-ordinary'))).toMatchObject({
      name: 'ISO 4309 (appareils de levage)',
      row: 'RCN 01, câblage croisé',
    });
    const unknown = {
      name: 'XY 1',
      edition: '2030',
      row: { ...answerOf('EN12927', 'tension').row, id: 'new', label: 'New row', source: 'XY' },
    };
    expect(ruleSetText(t, 'XY1', unknown)).toEqual({ name: 'XY 1', row: 'New row', source: 'XY' });
  });

  it('has a text for every row of every rule set', async () => {
    const t = await translator('de-DE', deCharts, deRopes);
    for (const [standard, set] of Object.entries(RULE_SETS)) {
      for (const row of set.rows) {
        const text = ruleSetText(t, standard, answerOf(standard as 'EN12927', row.id));
        expect(text.row, row.id).not.toBe(row.label);
      }
    }
  });
});
