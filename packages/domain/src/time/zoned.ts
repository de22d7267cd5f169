/**
 * Dates and times as people read them: in a named IANA zone and a locale, never by cutting an ISO string. The server
 * formats in the installation's zone; where none applies, in DEFAULT_TIME_ZONE (users have no zone of their own).
 */

/** The platform's home zone: where no installation applies, and for an installation without a known zone. */
export const DEFAULT_TIME_ZONE = 'Europe/Zurich';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, key: string, make: () => Intl.DateTimeFormat) {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

// Zones found valid: asking Intl costs a new DateTimeFormat (a millisecond on a slow machine), and every date of a
// notification mail asks. Only valid zones are kept, and at most VALID_ZONES_KEPT: Intl also takes offsets and any
// spelling's case, so what a stored installation names is not bounded by the IANA database's few hundred names.
const validZones = new Set<string>();
const VALID_ZONES_KEPT = 1000;

/** The zone when the platform knows it, else DEFAULT_TIME_ZONE. */
export function knownTimeZone(zone: string | null | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE;
  if (validZones.has(zone)) return zone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return DEFAULT_TIME_ZONE;
  }
  if (validZones.size < VALID_ZONES_KEPT) validZones.add(zone);
  return zone;
}

/** The zone as it is named beside a time: "Europe/Zurich", "America/New York". */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}

/** The calendar day in that zone, in the locale's numeric form: "28.11.2026" (de-DE), "11/28/2026" (en-US). */
export function formatZonedDay(value: Date | string, locale: string, zone: string): string {
  const timeZone = knownTimeZone(zone);
  return cached(
    dayFormats,
    `${locale}|${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(new Date(value));
}

/** Day and clock time in that zone: "28.11.2026, 23:51" (de-DE), "11/28/2026, 11:51 PM" (en-US). */
export function formatZonedTime(value: Date | string, locale: string, zone: string): string {
  const timeZone = knownTimeZone(zone);
  return cached(
    timeFormats,
    `${locale}|${timeZone}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
  ).format(new Date(value));
}
