import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { formatSheetNumber, formatSheetTime, instantOf, parseSheetNumber, parseSheetTime } from './locale-format.ts';

describe('numbers as each Excel writes them', () => {
  it.each([
    ['1.234,50', 'de-DE', 1234.5],
    ['1234,5', 'de-DE', 1234.5],
    ['600.000', 'de-DE', 600000],
    ['-3', 'de-DE', -3],
    ['1 234,50', 'fr-FR', 1234.5],
    ['1\u00a0234,50', 'fr-FR', 1234.5],
    ['1\u202f234\u202f567,25', 'fr-FR', 1234567.25],
    ['1.234,50', 'es-ES', 1234.5],
    ['1,234.50', 'en-US', 1234.5],
    ['1234.5', 'en-US', 1234.5],
    ["1'234.5", 'de-DE', 1234.5],
    // Both signs show which one is the decimal sign, whatever the language.
    ['1,234.50', 'de-DE', 1234.5],
    ['1.234,50', 'en-US', 1234.5],
  ] as const)('%j in %s is %d', (text, language, value) => {
    expect(parseSheetNumber(text, language)).toBe(value);
  });

  it.each([['abc'], ['1.23.4'], ['12,34,5'], ['1.2,3'], [''], ['1e5'], ['--1']])('%j is no number', (text) => {
    expect(parseSheetNumber(text, 'de-DE')).toBeUndefined();
  });

  it('writes the decimal comma for German, French and Spanish, the point for English, never a grouping or exponent', () => {
    expect(formatSheetNumber(1234.5, 'de-DE')).toBe('1234,5');
    expect(formatSheetNumber(1234.5, 'fr-FR')).toBe('1234,5');
    expect(formatSheetNumber(1234.5, 'es-ES')).toBe('1234,5');
    expect(formatSheetNumber(1234.5, 'en-US')).toBe('1234.5');
    expect(formatSheetNumber(1e21, 'de-DE')).toBe('1000000000000000000000');
    expect(formatSheetNumber(1e-7, 'de-DE')).toBe('0,0000001');
    expect(formatSheetNumber(-2.5e-8, 'en-US')).toBe('-0.000000025');
  });

  it('reads back every number it writes, in every language (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Object.is(value, -0)),
        fc.constantFrom(...LANGUAGES),
        (value, language) => {
          expect(parseSheetNumber(formatSheetNumber(value, language), language)).toBe(value);
        },
      ),
    );
  });

  it('reads the grouped form of any whole number and amount of cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const grouped = Math.abs(whole).toLocaleString('de-DE');
        const sign = whole < 0 ? '-' : '';
        const expected = Math.sign(whole || 1) * (Math.abs(whole) + cents / 100);
        expect(parseSheetNumber(`${sign}${grouped},${String(cents).padStart(2, '0')}`, 'de-DE')).toBeCloseTo(
          expected,
          6,
        );
        const french = Math.abs(whole).toLocaleString('fr-FR');
        expect(parseSheetNumber(`${sign}${french},${String(cents).padStart(2, '0')}`, 'fr-FR')).toBeCloseTo(
          expected,
          6,
        );
      }),
    );
  });
});

describe('days and times as each Excel writes them', () => {
  const zurich = 'Europe/Zurich';
  it('reads 15.12.2026, 15/12/2026 and 2026-12-15 as midnight in the zone', () => {
    const midnight = '2026-12-14T23:00:00.000Z';
    expect(parseSheetTime('15.12.2026', zurich, 'de-DE')?.toISOString()).toBe(midnight);
    expect(parseSheetTime('15/12/2026', zurich, 'fr-FR')?.toISOString()).toBe(midnight);
    expect(parseSheetTime('15/12/2026', zurich, 'es-ES')?.toISOString()).toBe(midnight);
    expect(parseSheetTime('12/15/2026', zurich, 'en-US')?.toISOString()).toBe(midnight);
    expect(parseSheetTime('2026-12-15', zurich, 'de-DE')?.toISOString()).toBe(midnight);
    expect(parseSheetTime('15.12.26', zurich, 'de-DE')?.toISOString()).toBe(midnight);
    expect(parseSheetTime('15.12.2026 14:30', zurich, 'de-DE')?.toISOString()).toBe('2026-12-15T13:30:00.000Z');
    expect(parseSheetTime('2026-12-15T14:30:00+13:00', zurich, 'de-DE')?.toISOString()).toBe(
      '2026-12-15T01:30:00.000Z',
    );
    expect(parseSheetTime('15.12.2026', 'Pacific/Auckland', 'de-DE')?.toISOString()).toBe('2026-12-14T11:00:00.000Z');
  });

  it.each([['31.02.2026'], ['15.13.2026'], ['someday'], ['15.12.2026 25:00'], ['2026-12-15Z']])(
    '%j is no date',
    (text) => {
      expect(parseSheetTime(text, zurich, 'de-DE')).toBeUndefined();
    },
  );

  it('writes the day alone at midnight, the time after it otherwise, in the zone', () => {
    const at = new Date('2026-12-14T23:00:00Z');
    expect(formatSheetTime(at, zurich, 'de-DE')).toBe('15.12.2026');
    expect(formatSheetTime(at, zurich, 'fr-FR')).toBe('15/12/2026');
    expect(formatSheetTime(at, zurich, 'en-US')).toBe('2026-12-15');
    expect(formatSheetTime(at, zurich, 'de-DE', { always: true })).toBe('15.12.2026 00:00');
    expect(formatSheetTime(at, 'Pacific/Auckland', 'es-ES')).toBe('15/12/2026 12:00');
  });

  it('reads back every minute it writes, summer and winter, east and west of UTC (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1) / 60000, max: Date.UTC(2060, 0, 1) / 60000 }),
        fc.constantFrom(...LANGUAGES),
        fc.constantFrom('Europe/Zurich', 'Pacific/Auckland', 'America/Los_Angeles', 'UTC'),
        (minute, language, zone) => {
          const at = new Date(minute * 60000);
          const back = parseSheetTime(formatSheetTime(at, zone, language, { always: true }), zone, language);
          // The hour a clock change repeats names two instants; the cell keeps its wall-clock time.
          expect(formatSheetTime(back!, zone, language, { always: true })).toBe(
            formatSheetTime(at, zone, language, { always: true }),
          );
        },
      ),
    );
  });

  it('takes a time in the gap of the spring change as the time after it', () => {
    const gap = instantOf({ year: 2026, month: 3, day: 29, hour: 2, minute: 30, second: 0 }, zurich);
    expect(gap.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});
