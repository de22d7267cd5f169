import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one way the app writes dates, times, positions and numbers, per interface language: every table, card,
 * dialog and chart label takes its texts from here, so the same event reads the same on every screen.
 */
export interface Formatters {
  /** Date and time of an event, a note or a change: "Mar 5, 2026, 2:30 PM" / "05.03.2026, 14:30". */
  dateTime: (value: DateInput) => string;
  /** A day: "Mar 5, 2026" / "05.03.2026". */
  date: (value: DateInput) => string;
  /** A time of day with seconds: "2:30:05 PM" / "14:30:05". */
  time: (value: DateInput) => string;
  /** A position on the rope in metres, at least to the centimetre, to the millimetre where recorded so: "1,234.50". */
  position: (metres: number) => string;
  /** A measured value with at most `digits` decimals (default 2): "0.86" / "0,86". */
  number: (value: number, digits?: number) => string;
  /** A count: "12,000" / "12.000". */
  integer: (value: number) => string;
  /** A share already in percent, with at most `digits` decimals (default 1): "49.9 %" / "49,9 %". */
  percent: (value: number, digits?: number) => string;
  /** A length of time in whole units, spelled out: "2 hours" / "2 Stunden". */
  duration: (value: number, unit: DurationUnit) => string;
  /** A file size in the language's units, kB and MB with one decimal: "2.5 MB" / "2,5 Mo". */
  fileSize: (bytes: number) => string;
}

export type DurationUnit = 'second' | 'minute' | 'hour' | 'day' | 'week';

export type DateInput = string | number | Date;

export interface FormatOptions {
  /** IANA zone to show times in; the browser's own when not given. */
  timeZone?: string;
}

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

// A value that rounds to zero is written without a sign: a chart axis or a sum never reads "-0".
const unsigned = { signDisplay: 'negative' } as const;

const KIB = 1024;
const MIB = 1024 * 1024;

export function createFormatters(locale: string, options: FormatOptions = {}): Formatters {
  const zone = options.timeZone ? { timeZone: options.timeZone } : {};
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...zone });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...zone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium', ...zone });
  const position = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 3, ...unsigned });
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, ...unsigned });
  const numbers = new Map<number, Intl.NumberFormat>();
  const numberWith = (digits: number) => {
    let format = numbers.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, ...unsigned });
      numbers.set(digits, format);
    }
    return format;
  };
  const percentWith = (digits: number) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent', maximumFractionDigits: digits, ...unsigned });
  const size = (unit: 'byte' | 'kilobyte' | 'megabyte', digits: number) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      maximumFractionDigits: digits,
      minimumFractionDigits: digits,
    });
  return {
    dateTime: (value) => dateTime.format(toDate(value)),
    date: (value) => date.format(toDate(value)),
    time: (value) => time.format(toDate(value)),
    position: (metres) => position.format(metres),
    number: (value, digits = 2) => numberWith(digits).format(value),
    integer: (value) => integer.format(value),
    percent: (value, digits = 1) => percentWith(digits).format(value),
    duration: (value, unit) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value),
    fileSize: (bytes) => {
      if (bytes < KIB) return size('byte', 0).format(bytes);
      if (bytes < MIB) return size('kilobyte', 1).format(bytes / KIB);
      return size('megabyte', 1).format(bytes / MIB);
    },
  };
}

/** The formatters of the current interface language. */
export function useFormat(options: FormatOptions = {}): Formatters {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => createFormatters(locale, { timeZone: options.timeZone }), [locale, options.timeZone]);
}
