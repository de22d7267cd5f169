import Papa from 'papaparse';
import { type Message, message } from './message.ts';

/** CSV in and out of the cockpit: read through papaparse, written by buildCsv for the reader's Excel. */

import type { Language } from './languages.ts';
import { formatSheetNumber, formatSheetTime, SHEET_FORMATS } from './locale-format.ts';

/** A cell of an export: text as it is, numbers, instants and yes/no written as the reader's Excel reads them. */
export type CsvCell = string | number | boolean | Date | null | undefined;

/** Lets Excel read the file as UTF-8, so umlauts survive. */
export const CSV_BOM = '\uFEFF';

/** Whom an export is written for: their language's Excel, their time zone. */
export interface SheetReader {
  language: Language;
  timeZone: string;
}

const YES_NO: Record<Language, [string, string]> = {
  'en-US': ['yes', 'no'],
  'de-DE': ['ja', 'nein'],
  'fr-FR': ['oui', 'non'],
  'es-ES': ['sí', 'no'],
};

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection), also after blanks.
const FORMULA_START = /^(?:[=+\-@\t\r]|\s+[=+\-@])/;
// Digits with the blanks, brackets, dots, commas, slashes and dashes of phone numbers and numbers, after one + or -:
// without letters a formula can name no function, no cell and no other program, so `+41 79 123 45 67` stays readable.
const PLAIN_NUMBER = /^[+-]?\d[\d ().,/-]*$/;

/** A cell a spreadsheet would run as a formula gets a leading apostrophe; plain phone numbers and numbers do not. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The text of a cell for the reader: numbers with their decimal sign, instants in their zone, yes/no in words. */
export function sheetCellText(value: CsvCell, reader: SheetReader): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatSheetTime(value, reader.timeZone, reader.language, { always: true });
  if (typeof value === 'boolean') return YES_NO[reader.language][value ? 0 : 1];
  if (typeof value === 'number') return formatSheetNumber(value, reader.language);
  return neutraliseFormula(value);
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * A CSV file as the reader's Excel opens it with a double click: UTF-8 with a BOM, its separator (`;` in German,
 * French and Spanish, `,` in English), every cell quoted, CRLF between rows (RFC 4180).
 */
export function buildCsv(
  reader: SheetReader,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): string {
  const { separator } = SHEET_FORMATS[reader.language];
  const lines = [header.map((name) => quoted(neutraliseFormula(name)))];
  for (const row of rows) lines.push(row.map((value) => quoted(sheetCellText(value, reader))));
  return `${CSV_BOM}${lines.map((cells) => cells.join(separator)).join('\r\n')}\r\n`;
}

/** The header's name of a column of times: the zone they are written in, e.g. "Last login (Europe/Zurich)". */
export function zonedHeader(name: string, reader: SheetReader): string {
  return `${name} (${reader.timeZone})`;
}

export type CsvRead = { rows: string[][] } | { error: Message };

const SEPARATORS = [';', '\t', ','] as const;

/** The separator the header row uses most, outside quotes: decimal commas in the data rows cannot mislead it. */
export function csvSeparatorOf(text: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (SEPARATORS as readonly string[]).includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const separator of SEPARATORS) if ((counts.get(separator) ?? 0) > (counts.get(best) ?? 0)) best = separator;
  return best;
}

/**
 * Reads CSV text as rows of cells: quoted fields, doubled quotes, CRLF or LF; the separator (comma, semicolon as a
 * German, French or Spanish Excel writes, or tab) is the header row's. Rows of blank cells are left out; a quote never
 * closed is an error.
 */
export function readCsv(text: string): CsvRead {
  const body = text.replace(/^\uFEFF/, '');
  const result = Papa.parse<string[]>(body, { delimiter: csvSeparatorOf(body), skipEmptyLines: 'greedy' });
  const broken = result.errors.find((error) => error.type === 'Quotes');
  if (broken) return { error: message('app.errors.csvQuoteNotClosed', { row: (broken.row ?? 0) + 1 }) };
  return { rows: result.data };
}
