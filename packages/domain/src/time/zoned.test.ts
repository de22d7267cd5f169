import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, formatZonedDay, formatZonedTime, knownTimeZone, timeZoneLabel } from './zoned.ts';

describe('zoned dates and times', () => {
  // Midnight of 28 November 2026 in Zurich: still the 27th in UTC.
  const zurichMidnight = '2026-11-27T23:00:00Z';

  it('names the calendar day of the zone, not of UTC, in the locale’s form', () => {
    expect(formatZonedDay(zurichMidnight, 'de-DE', 'Europe/Zurich')).toBe('28.11.2026');
    expect(formatZonedDay(zurichMidnight, 'fr-FR', 'Europe/Zurich')).toBe('28/11/2026');
    expect(formatZonedDay(zurichMidnight, 'es-ES', 'Europe/Zurich')).toBe('28/11/2026');
    expect(formatZonedDay(zurichMidnight, 'en-US', 'Europe/Zurich')).toBe('11/28/2026');
    expect(formatZonedDay(zurichMidnight, 'de-DE', 'UTC')).toBe('27.11.2026');
    expect(formatZonedDay(new Date('2026-11-28T11:00:00Z'), 'de-DE', 'Pacific/Auckland')).toBe('29.11.2026');
  });

  it('gives day and clock time in the zone', () => {
    expect(formatZonedTime('2026-11-28T22:51:00Z', 'de-DE', 'Europe/Zurich')).toBe('28.11.2026, 23:51');
    expect(formatZonedTime('2026-07-01T22:51:00Z', 'de-DE', 'Europe/Zurich')).toBe('02.07.2026, 00:51');
  });

  it('falls back to the platform’s home zone for a missing or unknown zone', () => {
    expect(knownTimeZone(undefined)).toBe(DEFAULT_TIME_ZONE);
    expect(knownTimeZone('')).toBe(DEFAULT_TIME_ZONE);
    expect(knownTimeZone('Mars/Olympus')).toBe(DEFAULT_TIME_ZONE);
    expect(knownTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(formatZonedDay(zurichMidnight, 'de-DE', 'Mars/Olympus')).toBe('28.11.2026');
    expect(timeZoneLabel('America/New_York')).toBe('America/New York');
  });

  it('answers a zone asked again as the first time, valid or not', () => {
    for (let round = 0; round < 3; round++) {
      expect(knownTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
      expect(knownTimeZone('Mars/Olympus')).toBe(DEFAULT_TIME_ZONE);
    }
    // More spellings than are kept still each get their answer.
    for (let minutes = 0; minutes < 1100; minutes++) {
      const zone = `+${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      expect(knownTimeZone(zone)).toBe(zone);
    }
    expect(knownTimeZone('Mars/Olympus')).toBe(DEFAULT_TIME_ZONE);
  });
});
