import Papa from 'papaparse';
import { type Message, message } from './message-keys.ts';

/** CSV in and out of the cockpit, both through papaparse. */

export type CsvCell = string | number | boolean | Date | null | undefined;

/** Lets Excel read the file as UTF-8, so umlauts survive. */
export const CSV_BOM = '\uFEFF';

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection), also after blanks.
const FORMULA_START = /^(?:[=+\-@\t\r]|\s+[=+\-@])/;

const UNPARSE: Papa.UnparseConfig = { quotes: true, newline: '\r\n', escapeFormulae: FORMULA_START };

/** Dates as ISO instants, booleans as yes/no, nothing as an empty cell; text and numbers as they are. */
function cellValue(value: CsvCell): string | number {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value;
}

export function csvCell(value: CsvCell): string {
  return Papa.unparse([[cellValue(value)]], UNPARSE);
}

/** Every cell quoted, CRLF between rows (RFC 4180), with a BOM in front. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const table = [header, ...rows].map((row) => row.map(cellValue));
  return `${CSV_BOM}${Papa.unparse(table, UNPARSE)}\r\n`;
}

export type CsvRead = { rows: string[][] } | { error: Message };

/**
 * Reads CSV text as rows of cells: quoted fields, doubled quotes, CRLF or LF; the separator (comma, semicolon as a
 * German Excel writes, or tab) is detected. Rows of blank cells are left out; a quote never closed is an error.
 */
export function readCsv(text: string): CsvRead {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimiter: '',
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: 'greedy',
  });
  const broken = result.errors.find((error) => error.type === 'Quotes');
  if (broken) return { error: message('app.errors.csvQuoteNotClosed', { row: (broken.row ?? 0) + 1 }) };
  return { rows: result.data };
}
