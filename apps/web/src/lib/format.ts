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

/**
 * The formatters of a language and zone, made once and shared: building an Intl format costs far more than using one,
 * and every component that writes a date or number asks for them (a language switch re-rendered the rope page's
 * components, each building its own set: a twentieth of the switch).
 */
export function createFormatters(locale: string, options: FormatOptions = {}): Formatters {
  const key = `${locale}|${options.timeZone ?? ''}`;
  let formatters = madeFormatters.get(key);
  if (!formatters) {
    formatters = makeFormatters(locale, options);
    madeFormatters.set(key, formatters);
  }
  return formatters;
}

const madeFormatters = new Map<string, Formatters>();

function makeFormatters(locale: string, options: FormatOptions): Formatters {
  const zone = options.timeZone ? { timeZone: options.timeZone } : {};
  // Each format is built on its first use and kept, by its options.
  const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
  const dateFormat = (name: string, formatOptions: Intl.DateTimeFormatOptions) => {
    let format = formats.get(name) as Intl.DateTimeFormat | undefined;
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...formatOptions, ...zone });
      formats.set(name, format);
    }
    return format;
  };
  const numberFormat = (name: string, formatOptions: Intl.NumberFormatOptions) => {
    let format = formats.get(name) as Intl.NumberFormat | undefined;
    if (!format) {
      format = new Intl.NumberFormat(locale, formatOptions);
      formats.set(name, format);
    }
    return format;
  };
  const size = (unit: 'byte' | 'kilobyte' | 'megabyte', digits: number) =>
    numberFormat(`size ${unit} ${digits}`, {
      style: 'unit',
      unit,
      maximumFractionDigits: digits,
      minimumFractionDigits: digits,
    });
  return {
    dateTime: (value) => dateFormat('dateTime', { dateStyle: 'medium', timeStyle: 'short' }).format(toDate(value)),
    date: (value) => dateFormat('date', { dateStyle: 'medium' }).format(toDate(value)),
    time: (value) => dateFormat('time', { timeStyle: 'medium' }).format(toDate(value)),
    position: (metres) =>
      numberFormat('position', { minimumFractionDigits: 2, maximumFractionDigits: 3, ...unsigned }).format(metres),
    number: (value, digits = 2) =>
      numberFormat(`number ${digits}`, { maximumFractionDigits: digits, ...unsigned }).format(value),
    integer: (value) => numberFormat('integer', { maximumFractionDigits: 0, ...unsigned }).format(value),
    percent: (value, digits = 1) =>
      numberFormat(`percent ${digits}`, {
        style: 'unit',
        unit: 'percent',
        maximumFractionDigits: digits,
        ...unsigned,
      }).format(value),
    duration: (value, unit) =>
      numberFormat(`duration ${unit}`, { style: 'unit', unit, unitDisplay: 'long' }).format(value),
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
