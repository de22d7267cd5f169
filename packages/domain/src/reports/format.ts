/** The report is English: numbers and times are written the same way whoever makes it. */

export const UNKNOWN = 'unknown';
/** Nothing recorded (a repair has no loss): not the same as a figure that cannot be computed. */
export const NOT_RECORDED = '–';

const formats = new Map<number, Intl.NumberFormat>();

/** A number with up to `digits` decimals (exactly `digits` when fixed), grouped: "1,234.5". */
export function reportNumber(value: number, digits = 2, fixed = false): string {
  const key = fixed ? -digits - 1 : digits;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      maximumFractionDigits: digits,
      minimumFractionDigits: fixed ? digits : 0,
    });
    formats.set(key, format);
  }
  return format.format(value);
}

/** A figure with its unit, or "unknown" when there is none. */
export function withUnit(value: number | null | undefined, unit: string, digits = 2): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? UNKNOWN
    : `${reportNumber(value, digits)} ${unit}`;
}

export function textOrUnknown(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return UNKNOWN;
  return String(value);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: making one costs more than formatting hundreds of rows with it. */
function timeFormat(zone: string): Intl.DateTimeFormat {
  let format = timeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(zone, format);
  }
  return format;
}

/** "2026-03-05 14:30" in the installation's time zone (UTC when it has none or an unknown one). */
export function reportTime(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const parts: Record<string, string> = {};
  for (const part of timeFormat(reportZone(timeZone)).formatToParts(date)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The installation's time zone when it is one the browser knows, else UTC: what report times are written in. */
export function reportZone(timeZone?: string): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
}

function isTimeZone(zone: string): boolean {
  if (timeFormats.has(zone)) return true;
  try {
    timeFormat(zone);
    return true;
  } catch {
    return false;
  }
}
