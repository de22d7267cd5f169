import { describe, expect, it } from 'vitest';
import { createFormatters } from './format';

// Intl separates with (narrow) no-break spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const at = '2026-03-05T14:30:05Z';

describe('formatters', () => {
  it.each([
    ['en-US', 'Mar 5, 2026, 2:30 PM', 'Mar 5, 2026', '2:30:05 PM', '1,234.50', '0.86', '12,000', '49.9%'],
    ['de-DE', '05.03.2026, 14:30', '05.03.2026', '14:30:05', '1.234,50', '0,86', '12.000', '49,9 %'],
    ['fr-FR', '5 mars 2026, 14:30', '5 mars 2026', '14:30:05', '1 234,50', '0,86', '12 000', '49,9 %'],
    ['es-ES', '5 mar 2026, 14:30', '5 mar 2026', '14:30:05', '1234,50', '0,86', '12.000', '49,9 %'],
  ])(
    'writes %s dates, times, positions and numbers one way',
    (locale, dateTime, date, time, position, number, integer, percent) => {
      const format = createFormatters(locale, { timeZone: 'UTC' });
      expect(plain(format.dateTime(at))).toBe(dateTime);
      expect(plain(format.dateTime(new Date(at)))).toBe(dateTime);
      expect(plain(format.date(at))).toBe(date);
      expect(plain(format.time(Date.parse(at)))).toBe(time);
      expect(plain(format.position(1234.5))).toBe(position);
      expect(plain(format.number(0.864))).toBe(number);
      expect(plain(format.integer(12_000))).toBe(integer);
      expect(plain(format.percent(49.94))).toBe(percent);
    },
  );

  it('shows positions at least to the centimetre and to the millimetre as recorded, never finer', () => {
    const format = createFormatters('en-US');
    expect(format.position(12)).toBe('12.00');
    expect(format.position(321.135)).toBe('321.135');
    expect(format.position(12.3456)).toBe('12.346');
    expect(format.position(-0.5)).toBe('-0.50');
  });

  it.each([
    ['de-DE', '500 Byte', '2,0 kB', '5,5 MB'],
    ['fr-FR', '500 o', '2,0 ko', '5,5 Mo'],
    ['es-ES', '500 B', '2,0 kB', '5,5 MB'],
    ['en-US', '500 byte', '2.0 kB', '5.5 MB'],
  ])("writes %s file sizes in the language's units", (locale, bytes, kilobytes, megabytes) => {
    const format = createFormatters(locale);
    expect(plain(format.fileSize(500))).toBe(bytes);
    expect(plain(format.fileSize(2048))).toBe(kilobytes);
    expect(plain(format.fileSize(5.5 * 1024 * 1024))).toBe(megabytes);
  });

  it.each(['de-DE', 'fr-FR', 'en-US'])(
    'never writes "-0" in %s, but keeps the sign of what does not round to 0',
    (locale) => {
      const format = createFormatters(locale);
      for (const zero of [-0, -0.0001, -0.004]) {
        expect(format.number(zero)).toBe('0');
        expect(format.integer(zero)).toBe('0');
        expect(plain(format.percent(zero))).toMatch(/^0 ?%$/);
      }
      expect(format.position(-0.0001)).toMatch(/^0[.,]00$/);
      expect(format.number(-1.5)).toMatch(/^-1[.,]5$/);
    },
  );

  it('spells out lengths of time in the language', () => {
    expect(createFormatters('en-US').duration(2, 'hour')).toBe('2 hours');
    expect(createFormatters('de-DE').duration(1, 'day')).toBe('1 Tag');
    expect(createFormatters('fr-FR').duration(5, 'minute')).toBe('5 minutes');
  });

  it('shows times in the given zone', () => {
    expect(plain(createFormatters('de-DE', { timeZone: 'Europe/Zurich' }).dateTime(at))).toBe('05.03.2026, 15:30');
  });
});

describe('formatters are made once per language and zone', () => {
  it('gives every caller of a language and zone the same formatters, and another language its own', () => {
    const first = createFormatters('de-CH', { timeZone: 'Europe/Zurich' });
    expect(createFormatters('de-CH', { timeZone: 'Europe/Zurich' })).toBe(first);
    expect(createFormatters('fr-FR', { timeZone: 'Europe/Zurich' })).not.toBe(first);
    expect(createFormatters('de-CH', { timeZone: 'UTC' })).not.toBe(first);
    // Each format built on first use still writes the language's own way, the second time as the first.
    const at = Date.UTC(2026, 2, 5, 14, 30);
    expect(first.percent(49.94)).toBe(first.percent(49.94));
    expect(createFormatters('de-CH', { timeZone: 'UTC' }).dateTime(at)).not.toBe(first.dateTime(at));
  });
});
