import type { Language } from './languages.ts';

/**
 * Numbers, dates and times as a spreadsheet of each interface language writes and reads them in a CSV file:
 * German Excel `1234,5` and `15.12.2026 14:30`, French and Spanish `1234,5` and `15/12/2026 14:30`, English the
 * ISO date (`2026-12-15 14:30`), which Excel reads whatever the computer's regional settings.
 */
export interface SheetFormat {
  /** Between the cells of a row: what that Excel's "CSV" writes and reads. */
  separator: ',' | ';';
  decimal: ',' | '.';
  /** How a day is written: `dmy.` (15.12.2026), `dmy/` (15/12/2026) or `iso` (2026-12-15). */
  date: 'dmy.' | 'dmy/' | 'iso';
}

export const SHEET_FORMATS: Record<Language, SheetFormat> = {
  'en-US': { separator: ',', decimal: '.', date: 'iso' },
  'de-DE': { separator: ';', decimal: ',', date: 'dmy.' },
  'fr-FR': { separator: ';', decimal: ',', date: 'dmy/' },
  'es-ES': { separator: ';', decimal: ',', date: 'dmy/' },
};

/** The shortest decimal that reads back as the number, written out without an exponent (1e-7 as 0.0000001). */
function plainDecimal(value: number): string {
  const shortest = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(shortest);
  if (!match) return shortest;
  const [, sign, first, rest = '', power] = match;
  const digits = `${first}${rest}`;
  const point = 1 + Number(power);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  return `${sign}${digits.padEnd(point, '0')}${point < digits.length ? `.${digits.slice(point)}` : ''}`;
}

/** A number as that Excel reads it: no grouping, the locale's decimal sign, no exponent. */
export function formatSheetNumber(value: number, language: Language): string {
  const text = plainDecimal(value);
  return SHEET_FORMATS[language].decimal === ',' ? text.replace('.', ',') : text;
}

// Blanks a French Excel groups digits with: space, no-break space, narrow no-break space; and the apostrophe of Swiss
// settings.
const GROUP_BLANKS = /[\s\u00a0\u202f']/g;

/**
 * A number as any of the four Excels writes it: `1.234,50`, `1 234,50` (with a normal or narrow no-break space),
 * `1234,5`, `1,234.50`, `1234.5`, `-3`. Whether `,` or `.` is the decimal sign follows the language unless the text
 * shows it (both signs: the last is the decimal one; one sign repeated: a grouping). Undefined when it is no number.
 */
export function parseSheetNumber(text: string, language: Language): number | undefined {
  const trimmed = text.trim();
  const compact = trimmed.replace(GROUP_BLANKS, '');
  if (!/^[+-]?(?:\d+(?:[.,]\d+)*(?:[.,]\d*)?|[.,]\d+)$/.test(compact)) return undefined;
  const dots = compact.split('.').length - 1;
  const commas = compact.split(',').length - 1;
  let decimal: ',' | '.' | undefined;
  if (dots > 0 && commas > 0) decimal = compact.lastIndexOf(',') > compact.lastIndexOf('.') ? ',' : '.';
  else if (dots > 1) decimal = ',';
  else if (commas > 1) decimal = '.';
  // Swiss settings group with an apostrophe and keep the decimal point.
  else decimal = trimmed.includes("'") ? '.' : SHEET_FORMATS[language].decimal;
  const group = decimal === ',' ? '.' : ',';
  const parts = compact.split(decimal);
  if (parts.length > 2) return undefined;
  const [whole = '', fraction] = parts;
  // A grouping puts three digits between its signs.
  if (whole.includes(group) && !/^[+-]?\d{1,3}(?:[.,]\d{3})+$/.test(whole)) return undefined;
  const value = Number(`${whole.replaceAll(group, '')}${fraction === undefined ? '' : `.${fraction}`}`);
  return Number.isFinite(value) ? value : undefined;
}

/** A wall-clock time in a time zone: what a spreadsheet cell holds. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(zone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    zoneFormats.set(zone, format);
  }
  return format;
}

/** Whether the platform knows this IANA time zone. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    zoneFormat(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time of an instant in a time zone. */
export function wallTimeIn(date: Date, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of zoneFormat(zone).formatToParts(date)) parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const asUtc = (time: WallTime) => Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);

const DAY = 86_400_000;
const offsetAt = (instant: number, zone: string) => asUtc(wallTimeIn(new Date(instant), zone)) - instant;

/**
 * The instant a wall-clock time names in a time zone: in the hour a clock change repeats, the first; in the hour it
 * skips, the time as the clock after the change reads it (02:30 on a spring morning in Zurich is 03:30).
 */
export function instantOf(time: WallTime, zone: string): Date {
  const wanted = asUtc(time);
  const before = offsetAt(wanted - DAY, zone);
  const after = offsetAt(wanted + DAY, zone);
  const fits = [wanted - before, wanted - after].filter(
    (instant) => asUtc(wallTimeIn(new Date(instant), zone)) === wanted,
  );
  return new Date(fits.length > 0 ? Math.min(...fits) : wanted - before);
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A day as that Excel writes it: `15.12.2026`, `15/12/2026` or `2026-12-15`. */
export function formatSheetDay(time: Pick<WallTime, 'year' | 'month' | 'day'>, language: Language): string {
  const { date } = SHEET_FORMATS[language];
  if (date === 'iso') return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
  const sign = date === 'dmy.' ? '.' : '/';
  return `${pad(time.day)}${sign}${pad(time.month)}${sign}${pad(time.year, 4)}`;
}

/** An instant in the zone as that Excel writes it: the day, and `14:30` after it unless it is midnight. */
export function formatSheetTime(date: Date, zone: string, language: Language, options: { always?: boolean } = {}) {
  const time = wallTimeIn(date, zone);
  const day = formatSheetDay(time, language);
  const clock = time.second
    ? `${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`
    : `${pad(time.hour)}:${pad(time.minute)}`;
  return !options.always && time.hour === 0 && time.minute === 0 && time.second === 0 ? day : `${day} ${clock}`;
}

const CLOCK = String.raw`(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?`;
const ISO_DAY = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${CLOCK}$`);
const DOTTED_DAY = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})${CLOCK}$`);
const SLASHED_DAY = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})${CLOCK}$`);
// An instant that names its own offset or UTC: taken as it is.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));

/**
 * A day or a day and time as any of the four Excels writes it, in the time zone: `15.12.2026`, `15/12/2026` (English:
 * `12/15/2026`), `2026-12-15`, each optionally with `14:30` or `14:30:05`; an ISO instant with its offset as it is.
 * Undefined when it is not a date that exists.
 */
export function parseSheetTime(text: string, zone: string, language: Language): Date | undefined {
  const value = text.trim();
  if (ISO_INSTANT.test(value)) {
    const time = Date.parse(value);
    return Number.isNaN(time) ? undefined : new Date(time);
  }
  const monthFirst = language === 'en-US';
  const readings: [RegExp, (match: RegExpExecArray) => [number, number, number]][] = [
    [ISO_DAY, (match) => [Number(match[1]), Number(match[2]), Number(match[3])]],
    [DOTTED_DAY, (match) => [fullYear(match[3] ?? ''), Number(match[2]), Number(match[1])]],
    [
      SLASHED_DAY,
      (match) => [fullYear(match[3] ?? ''), Number(match[monthFirst ? 1 : 2]), Number(match[monthFirst ? 2 : 1])],
    ],
  ];
  let match: RegExpExecArray | null = null;
  let fields: [number, number, number] | undefined;
  for (const [pattern, read] of readings) {
    match = pattern.exec(value);
    if (match) {
      fields = read(match);
      break;
    }
  }
  if (!match || !fields) return undefined;
  const [year, month, day] = fields;
  const time: WallTime = {
    year,
    month,
    day,
    hour: Number(match[4] ?? 0),
    minute: Number(match[5] ?? 0),
    second: Number(match[6] ?? 0),
  };
  const probe = new Date(asUtc(time));
  const exists =
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() + 1 === month &&
    probe.getUTCDate() === day &&
    time.hour < 24 &&
    time.minute < 60 &&
    time.second < 60;
  return exists ? instantOf(time, zone) : undefined;
}
