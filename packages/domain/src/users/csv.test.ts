import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildCsv, CSV_BOM, neutraliseFormula, readCsv, type SheetReader, sheetCellText } from '../csv.ts';
import { TEST_USER_CSV_TEXTS as texts } from '../csv-test-texts.ts';
import { expiredResetsCsv, loginsCsv, notificationsCsv, userListCsv } from './csv.ts';

const german: SheetReader = { language: 'de-DE', timeZone: 'Europe/Zurich' };
const english: SheetReader = { language: 'en-US', timeZone: 'Pacific/Auckland' };

describe('CSV cells', () => {
  it('write numbers, instants and yes/no for the reader', () => {
    expect(sheetCellText(1234.5, german)).toBe('1234,5');
    expect(sheetCellText(1234.5, english)).toBe('1234.5');
    expect(sheetCellText(true, german)).toBe('ja');
    expect(sheetCellText(false, { ...german, language: 'fr-FR' })).toBe('non');
    expect(sheetCellText(true, { ...german, language: 'es-ES' })).toBe('sí');
    expect(sheetCellText(new Date('2026-03-01T10:00:00Z'), german)).toBe('01.03.2026 11:00');
    expect(sheetCellText(new Date('2026-03-01T10:00:00Z'), english)).toBe('2026-03-01 23:00');
    expect(sheetCellText(null, german)).toBe('');
    expect(sheetCellText(-1, german)).toBe('-1');
  });

  it.each([
    ['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
    ["+cmd|' /C calc'!A0", `'+cmd|' /C calc'!A0`],
    ["-2+3+cmd|' /C calc'!A0", `'-2+3+cmd|' /C calc'!A0`],
    ['+SUM(A1)', `'+SUM(A1)`],
    ['-A1', `'-A1`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['=1+1', `'=1+1`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `'\rcmd`],
    ['  =1+1', `'  =1+1`],
    ['+41 79 123 45 67 ext', `'+41 79 123 45 67 ext`],
  ])('neutralise the formula %j', (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it.each([['+41791234567'], ['+41 79 123 45 67'], ['+49 (0)89 123-456'], ['-1234,5'], ['-3'], ['a=b'], ['Müller']])(
    'leave the phone number, number or harmless text %j alone',
    (value) => {
      expect(neutraliseFormula(value)).toBe(value);
    },
  );
});

/** The rows as German or English Excel splits the file: by its separator, after the BOM. */
function opened(csv: string, separator: string) {
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  return Papa.parse<string[]>(csv.slice(1), { delimiter: separator, skipEmptyLines: true }).data;
}

describe('CSV files for the reader', () => {
  it('start with a BOM, use the language separator, quote every cell and end rows with CRLF', () => {
    expect(buildCsv(german, ['A', 'B'], [['1', 2.5]])).toBe(`${CSV_BOM}"A";"B"\r\n"1";"2,5"\r\n`);
    expect(buildCsv(english, ['A', 'B'], [['1', 2.5]])).toBe(`${CSV_BOM}"A","B"\r\n"1","2.5"\r\n`);
    expect(readCsv(buildCsv(german, ['A', 'B'], [['x;y', '1,5']]))).toEqual({
      rows: [
        ['A', 'B'],
        ['x;y', '1,5'],
      ],
    });
  });

  const jorg = {
    email: 'jörg@example.ch',
    firstname: 'Jörg',
    lastname: 'Zürcher',
    roles: ['ROLE_CLIENT_ADMIN'] as const,
    isActive: true,
  };

  it('build the logins file with translated headers, role labels and times in the zone', () => {
    const rows = [{ ...jorg, lastLoginAt: new Date('2026-03-01T10:00:00Z') }];
    expect(opened(loginsCsv(german, rows, texts), ';')).toEqual([
      ['E-Mail', 'Name', 'Rolle', 'Letzte Anmeldung (Europe/Zurich)', 'Aktiv'],
      ['jörg@example.ch', 'Jörg Zürcher', 'Kunden-Administrator', '01.03.2026 11:00', 'ja'],
    ]);
    expect(opened(loginsCsv(english, rows, texts), ',')).toEqual([
      ['Email', 'Name', 'Role', 'Last login (Pacific/Auckland)', 'Active'],
      ['jörg@example.ch', 'Jörg Zürcher', 'Client Admin', '2026-03-01 23:00', 'yes'],
    ]);
  });

  it('build the notifications file with counts as numbers', () => {
    const rows = [{ ...jorg, notificationEnabled: false, unsubscribedAt: null, deliveries: 1234 }];
    expect(opened(notificationsCsv(german, rows, texts), ';')).toEqual([
      [
        'E-Mail',
        'Name',
        'Benachrichtigungen aktiviert',
        'Abgemeldet am (Europe/Zurich)',
        'Gesendete Benachrichtigungen',
      ],
      ['jörg@example.ch', 'Jörg Zürcher', 'nein', '', '1234'],
    ]);
    expect(opened(notificationsCsv(english, rows, texts), ',')[0]?.[3]).toBe('Unsubscribed at (Pacific/Auckland)');
  });

  it('build the user list with a readable phone number, language names and a neutralised name', () => {
    const rows = [
      {
        ...jorg,
        firstname: '=cmd',
        phone: '+41791234567',
        function: null,
        roles: ['ROLE_USER'] as const,
        mandators: ['Alpha', 'Beta'],
        languageId: 'FRS',
        isActive: false,
      },
    ];
    expect(opened(userListCsv(german, rows, texts), ';')).toEqual([
      ['E-Mail', 'Vorname', 'Nachname', 'Telefon', 'Funktion', 'Rolle', 'Mandanten', 'Sprache', 'Aktiv'],
      ['jörg@example.ch', "'=cmd", 'Zürcher', '+41791234567', '', 'Kunde', 'Alpha, Beta', 'Französisch', 'nein'],
    ]);
    expect(opened(userListCsv(english, rows, texts), ',')[1]).toEqual([
      'jörg@example.ch',
      "'=cmd",
      'Zürcher',
      '+41791234567',
      '',
      'Client',
      'Alpha, Beta',
      'French',
      'no',
    ]);
  });

  it('build the expired resets file with both times in the zone', () => {
    const rows = [
      { email: 'a@b.ch', createdAt: new Date('2026-07-01T22:00:00Z'), expiresAt: new Date('2026-07-01T22:30:00Z') },
    ];
    expect(opened(expiredResetsCsv(german, rows, texts), ';')).toEqual([
      ['E-Mail', 'Erstellt (Europe/Zurich)', 'Abgelaufen (Europe/Zurich)'],
      ['a@b.ch', '02.07.2026 00:00', '02.07.2026 00:30'],
    ]);
    expect(opened(expiredResetsCsv(english, rows, texts), ',')[1]).toEqual([
      'a@b.ch',
      '2026-07-02 10:00',
      '2026-07-02 10:30',
    ]);
  });
});
