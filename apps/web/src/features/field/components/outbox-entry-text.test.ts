import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import deCommon from '../../../i18n/locales/de-DE/common.json';
import deEvents from '../../../i18n/locales/de-DE/events.json';
import deField from '../../../i18n/locales/de-DE/field.json';
import deTasks from '../../../i18n/locales/de-DE/tasks.json';
import deValidation from '../../../i18n/locales/de-DE/validation.json';
import type { OutboxEntry } from '../../../lib/device-store';
import { entryDetails, entryFailure } from './outbox-entry-text';

async function translator(language: string, texts: object): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: { translation: texts } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

const german = () =>
  translator('de-DE', { common: deCommon, events: deEvents, field: deField, tasks: deTasks, validation: deValidation });

const refused = (failure: OutboxEntry['failure']) => ({ id: 'e1', state: 'failed', failure }) as OutboxEntry;

describe('why the server refused an entry of the queue', () => {
  it('names each field at fault as the dialogs name it, once, in the user language', async () => {
    const t = await german();
    const lines = entryFailure(
      t,
      refused({
        status: 400,
        code: 'VALIDATION',
        key: { key: 'validation.max', params: { max: 2290 } },
        fieldKeys: {
          'ropeEvent.position': { key: 'validation.max', params: { max: 2290 } },
          'ropeEvent.attributes.damageCount': { key: 'validation.min', params: { min: 0 } },
          'task.attributes.status': { key: 'validation.required' },
        },
      }),
    );
    expect(lines).toEqual([
      `Position [m]: ${deValidation.max.replace('{{max}}', '2290')}`,
      `${deEvents.fields.damageCount}: ${deValidation.min.replace('{{min}}', '0')}`,
      `${deCommon.fields.status}: ${deValidation.required}`,
    ]);
  });

  it('gives the reason where no field is at fault, and the status where the server said nothing', async () => {
    const t = await german();
    expect(entryFailure(t, refused({ status: 404, code: 'NOT_FOUND', key: { key: 'validation.required' } }))).toEqual([
      deValidation.required,
    ]);
    expect(entryFailure(t, refused({ status: 403, code: 'FORBIDDEN' }))).toEqual([
      deField.outbox.refused.replace('{{status}}', '403'),
    ]);
  });

  it("beside the reason, shows what the device holds: an event's place, wires and note, in the user's numbers", async () => {
    const t = await german();
    const format = { position: (metres: number) => metres.toFixed(2).replace('.', ','), integer: String };
    const event = {
      id: 'e2',
      kind: 'createEvent',
      state: 'failed',
      body: {
        ropeEvent: {
          position: 1234.5,
          attributes: { type: 'wireBreak', damageCount: 2, description: `  Litze 3 ${'x'.repeat(200)}` },
        },
      },
    } as unknown as OutboxEntry;
    const [position, wires, note] = entryDetails(t, event, format);
    expect(position).toBe('Position [m]: 1234,50');
    expect(wires).toBe(`${deEvents.fields.damageCount}: 2`);
    expect(note).toMatch(/^Beschreibung: Litze 3 x+…$/);
    expect(note!.length).toBeLessThan(160);
    const repair = {
      ...event,
      body: { ropeEvent: { position: 300, attributes: { type: 'repairPiece', positionEnd: 312.5 } } },
    } as OutboxEntry;
    expect(entryDetails(t, repair, format)).toEqual(['Position [m]: 300,00 – 312,50']);
  });

  it('writes each line in every language of the cockpit, with its own punctuation', async () => {
    const entry = {
      id: 'e3',
      kind: 'createEvent',
      state: 'failed',
      body: { ropeEvent: { position: 300, attributes: { type: 'repairPiece', positionEnd: 312.5, damageCount: 1 } } },
    } as unknown as OutboxEntry;
    const format = { position: (metres: number) => metres.toFixed(2), integer: String };
    const expected = {
      'en-US': ['Position [m]: 300.00 – 312.50', 'Broken wires: 1'],
      'de-DE': ['Position [m]: 300.00 – 312.50', 'Drahtbrüche: 1'],
      'fr-FR': ['Position [m] : 300.00 – 312.50', 'Fils rompus : 1'],
      'es-ES': ['Posición [m]: 300.00 – 312.50', 'Alambres rotos: 1'],
    };
    for (const [language, lines] of Object.entries(expected)) {
      const [common, events, field] = await Promise.all(
        ['common', 'events', 'field'].map(
          async (name) => (await import(`../../../i18n/locales/${language}/${name}.json`)).default,
        ),
      );
      const t = await translator(language, { common, events, field });
      expect(entryDetails(t, entry, format), language).toEqual(lines);
    }
  });
});
