import { describe, expect, it } from 'vitest';
import { buildCsv, CSV_BOM, csvCell } from '../csv.ts';
import { expiredResetsCsv, loginsCsv, userListCsv } from './csv.ts';

describe('CSV cells', () => {
  it('quote every cell and double quotes', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(3)).toBe('"3"');
    expect(csvCell(true)).toBe('"yes"');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('"2026-01-02T03:04:05.000Z"');
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+41791234567', `"'+41791234567"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    ['  =1+1', `"'  =1+1"`],
  ])('neutralise the formula %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('leave harmless text and numbers alone', () => {
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('Müller')).toBe('"Müller"');
    expect(csvCell(-1)).toBe('"-1"');
  });
});

describe('CSV files', () => {
  it('start with a BOM, end rows with CRLF', () => {
    expect(buildCsv(['A', 'B'], [['1', '2']])).toBe(`${CSV_BOM}"A","B"\r\n"1","2"\r\n`);
  });

  it('build the logins file with role labels', () => {
    const csv = loginsCsv([
      {
        email: 'jörg@example.ch',
        firstname: 'Jörg',
        lastname: 'Zürcher',
        roles: ['ROLE_CLIENT_ADMIN'],
        isActive: true,
        lastLoginAt: new Date('2026-03-01T10:00:00Z'),
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      `${CSV_BOM}"Email","Name","Role","Last login","Active"`,
      '"jörg@example.ch","Jörg Zürcher","Client Admin","2026-03-01T10:00:00.000Z","yes"',
      '',
    ]);
  });

  it('build the user list with mandators and a neutralised name', () => {
    const csv = userListCsv([
      {
        email: 'a@b.ch',
        firstname: '=cmd',
        lastname: 'X',
        phone: '+41791234567',
        function: null,
        roles: ['ROLE_USER'],
        mandators: ['Alpha', 'Beta'],
        languageId: 'DES',
        isActive: false,
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`"a@b.ch","'=cmd","X","'+41791234567","","Client","Alpha, Beta","DES","no"`);
  });

  it('build the expired resets file', () => {
    const csv = expiredResetsCsv([
      { email: 'a@b.ch', createdAt: new Date('2026-01-01T00:00:00Z'), expiresAt: new Date('2026-01-01T00:30:00Z') },
    ]);
    expect(csv).toContain('"a@b.ch","2026-01-01T00:00:00.000Z","2026-01-01T00:30:00.000Z"');
  });
});
