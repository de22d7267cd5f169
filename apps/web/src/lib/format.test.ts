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

  it('spells out lengths of time in the language', () => {
    expect(createFormatters('en-US').duration(2, 'hour')).toBe('2 hours');
    expect(createFormatters('de-DE').duration(1, 'day')).toBe('1 Tag');
    expect(createFormatters('fr-FR').duration(5, 'minute')).toBe('5 minutes');
  });

  it('shows times in the given zone', () => {
    expect(plain(createFormatters('de-DE', { timeZone: 'Europe/Zurich' }).dateTime(at))).toBe('05.03.2026, 15:30');
  });
});
