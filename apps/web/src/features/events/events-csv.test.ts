import { readCsv } from '@rope/domain/csv';
import type { RopeEventView } from '@rope/domain/events/views';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { eventsCsv } from './events-csv';

const files = import.meta.glob<{ default: object }>('../../i18n/locales/*/*.json', { eager: true });
async function textsOf(language: string) {
  const translation: Record<string, object> = {};
  for (const [path, file] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === language) translation[match[2]!] = file.default;
  }
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: { translation } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

const event = (position: number | null, attributes: Partial<RopeEventView['attributes']>): RopeEventView => ({
  id: 1,
  rope: { id: 7 },
  position,
  isDeleted: false,
  documentCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  attributes: {
    timestamp: '2026-11-28T21:51:00.000Z',
    recordingType: 'damage',
    type: 'wireBreak',
    actionStatus: 'new',
    isImported: false,
    ...attributes,
  },
});

const rowsOf = (csv: string) => {
  const read = readCsv(csv);
  if ('error' in read) throw new Error('unreadable');
  return read.rows;
};

describe('events CSV', () => {
  const events = [
    event(1234.5, { bendingCycles: 611210, description: '=Bruch; „Aussenlitze“' }),
    event(null, { recordingType: 'measurement', type: 'mrtInspection', actionStatus: 'seen' }),
  ];

  it('writes the table for a German Excel in Zurich: `;`, German labels, decimal commas, local time', async () => {
    const csv = eventsCsv(events, 0, await textsOf('de-DE'), { language: 'de-DE', timeZone: 'Europe/Zurich' });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.split('\r\n')[0]?.split('";"').length).toBe(7);
    const rows = rowsOf(csv);
    expect(rows[0]?.[0]).toBe('Zeitpunkt (Europe/Zurich)');
    expect(rows[1]?.[0]).toBe('28.11.2026 22:51');
    expect(rows[1]?.[3]).toBe('1234,5');
    expect(rows[1]?.[5]).toBe('611210');
    expect(rows[1]?.[6]).toBe("'=Bruch; „Aussenlitze“");
    // Labels, not keys: a missing text would show as its key.
    expect(rows.flat().join(' ')).not.toMatch(/\b(enums|events|common)\.\w/);
    expect(rows[2]?.[3]).toBe('Global');
  });

  it('writes it for an English Excel in Auckland: `,`, English labels, decimal points', async () => {
    const csv = eventsCsv(events, 10, await textsOf('en-US'), { language: 'en-US', timeZone: 'Pacific/Auckland' });
    expect(csv.split('\r\n')[0]?.split('","').length).toBe(7);
    const rows = rowsOf(csv);
    expect(rows[0]?.slice(0, 4)).toEqual(['Timestamp (Pacific/Auckland)', 'Type of event', 'Type', 'Position [m]']);
    expect(rows[1]?.slice(0, 5)).toEqual(['2026-11-29 10:51', 'Damage', 'Wire break', '1234.5', 'New']);
  });
});
