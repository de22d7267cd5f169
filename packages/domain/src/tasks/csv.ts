import { buildCsv, type CsvCell, readCsv, type SheetReader, zonedHeader } from '../csv.ts';
import { LANGUAGES, type Language } from '../languages.ts';
import { formatSheetDay, formatSheetTime, parseSheetNumber, parseSheetTime, wallTimeIn } from '../locale-format.ts';
import { type Message, type MessageKey, message } from '../message-keys.ts';
import { TASK_CSV_TEXTS, TASK_EXPORT_COLUMNS, TASK_IMPORT_COLUMNS, type TaskCsvColumn } from './csv-texts.ts';
import { INSPECTION_TYPES, TASK_COMPONENTS, TASK_STATUSES, TASK_TEXT_MAX, TASK_TITLE_MAX } from './kinds.ts';
import type { TaskAttributes } from './schemas.ts';

export { TASK_CSV_TEXTS, TASK_EXPORT_COLUMNS, TASK_IMPORT_COLUMNS } from './csv-texts.ts';

export const TASK_CSV_MAX_ROWS = 5000;
const CYCLES_MAX = 999_999_999_999;

type ImportColumn = (typeof TASK_IMPORT_COLUMNS)[number];

// Headers and labels compared without case, accents, ß and extra blanks: "Fallig", "FÄLLIG" and "Fällig" are one.
const folded = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replaceAll('ß', 'ss')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim()
    .toLowerCase();

/** Every name of each column: its code and its header in the four languages. */
const COLUMN_BY_NAME = new Map<string, TaskCsvColumn>();
for (const column of TASK_EXPORT_COLUMNS) {
  COLUMN_BY_NAME.set(folded(column), column);
  for (const language of LANGUAGES) COLUMN_BY_NAME.set(folded(TASK_CSV_TEXTS[language].columns[column]), column);
}

/** A header cell's column: by its name, or by its name without the time zone an export adds ("Fällig (Europe/Zurich)"). */
function columnOf(header: string): TaskCsvColumn | undefined {
  return COLUMN_BY_NAME.get(folded(header)) ?? COLUMN_BY_NAME.get(folded(header.replace(/\s*\([^()]*\)\s*$/, '')));
}

/** Every way a value of a choice may be written: its code or its label in any language. */
function choiceReader<T extends string>(codes: readonly T[], labels: (language: Language) => Record<T, string>) {
  const byName = new Map<string, T>();
  for (const code of codes) {
    byName.set(folded(code), code);
    for (const language of LANGUAGES) byName.set(folded(labels(language)[code]), code);
  }
  return (text: string) => byName.get(folded(text));
}
const readStatus = choiceReader(TASK_STATUSES, (language) => TASK_CSV_TEXTS[language].status);
const readComponent = choiceReader(TASK_COMPONENTS, (language) => TASK_CSV_TEXTS[language].component);
const readInspectionType = choiceReader(INSPECTION_TYPES, (language) => TASK_CSV_TEXTS[language].inspectionType);

/** The apostrophe an export puts before a formula-like cell (neutraliseFormula) is no part of the text. */
const withoutNeutraliser = (text: string) => (/^'(?:[=+\-@\t\r]|\s+[=+\-@])/.test(text) ? text.slice(1) : text);

/** Whom an upload is read for: their Excel's formats, and the time zone its days are in. */
export type TaskCsvReader = SheetReader & { needsRope: boolean };

export type TaskCsvRow = { ropeId?: number; attributes: TaskAttributes };

class RowProblem extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number>,
  ) {
    super(key);
  }
}

/** A whole number of at least 1, written as that Excel writes it ("600.000", "600 000", "600000"). */
function wholeNumber(text: string, language: Language, column: string, max: number): number {
  const value = parseSheetNumber(text, language);
  if (value === undefined || !Number.isInteger(value) || value < 1 || value > max)
    throw new RowProblem('app.errors.csvNotAWholeNumber', { column, value: text });
  return value;
}

function choice<T>(read: (text: string) => T | undefined, text: string, column: string, labels: readonly string[]) {
  const value = read(text);
  if (value === undefined) throw new RowProblem('app.errors.csvNotOneOf', { column, values: labels.join(', ') });
  return value;
}

/** One row's task; a bad cell throws its problem, naming the column as the file's header names it. */
function readRow(
  cell: (column: ImportColumn) => string | undefined,
  name: (column: ImportColumn) => string,
  reader: TaskCsvReader,
) {
  const texts = TASK_CSV_TEXTS[reader.language];
  const text = (column: 'title' | 'description', max: number) => {
    const value = cell(column);
    if (!value) throw new RowProblem('app.errors.csvValueMissing', { column: name(column) });
    if (value.length > max) throw new RowProblem('app.errors.csvValueTooLong', { column: name(column), max });
    return value;
  };
  const title = text('title', TASK_TITLE_MAX);
  const description = text('description', TASK_TEXT_MAX);
  const ropeText = cell('ropeId');
  const ropeId = ropeText ? wholeNumber(ropeText, reader.language, name('ropeId'), Number.MAX_SAFE_INTEGER) : undefined;
  if (reader.needsRope && ropeId === undefined)
    throw new RowProblem('app.errors.csvValueMissing', { column: name('ropeId') });
  const statusText = cell('status');
  const status = statusText
    ? choice(
        readStatus,
        statusText,
        name('status'),
        TASK_STATUSES.map((code) => texts.status[code]),
      )
    : 'new';
  const dueText = cell('dueAt');
  let dueAt: string | undefined;
  if (dueText) {
    const due = parseSheetTime(dueText, reader.timeZone, reader.language);
    if (!due)
      throw new RowProblem('app.errors.csvNotADate', {
        column: name('dueAt'),
        value: dueText,
        example: formatSheetDay({ year: 2026, month: 12, day: 15 }, reader.language),
      });
    dueAt = due.toISOString();
  }
  const cyclesText = cell('dueCycles');
  const dueCycles = cyclesText ? wholeNumber(cyclesText, reader.language, name('dueCycles'), CYCLES_MAX) : undefined;
  const componentText = cell('component');
  const component = componentText
    ? choice(
        readComponent,
        componentText,
        name('component'),
        TASK_COMPONENTS.map((code) => texts.component[code]),
      )
    : undefined;
  const inspectionText = cell('inspectionType');
  const inspectionType = inspectionText
    ? choice(readInspectionType, inspectionText, name('inspectionType'), INSPECTION_TYPES)
    : undefined;
  const attributes: TaskAttributes = {
    title,
    description,
    status,
    ...(dueAt ? { dueAt } : {}),
    ...(dueCycles ? { dueCondition: { type: 'bendingCycles' as const, threshold: dueCycles } } : {}),
    isRecurring: false,
    recurringConditions: [],
    isInternal: false,
    ...(component ? { component } : {}),
    ...(inspectionType ? { inspectionType } : {}),
  };
  return { ropeId, attributes };
}

/**
 * Reads a task upload: a header row naming the columns in any of the four languages or by their codes (title,
 * description, status, dueAt, dueCycles, component, inspectionType, and ropeId for uploads across ropes), then one task
 * a row, with the days, numbers and labels of the reader's Excel. The first bad row refuses the whole file.
 */
export function parseTaskCsv(text: string, reader: TaskCsvReader): { rows: TaskCsvRow[] } | { error: Message } {
  const read = readCsv(text);
  if ('error' in read) return read;
  const [header, ...lines] = read.rows;
  if (!header) return { error: message('app.errors.csvEmpty') };
  const texts = TASK_CSV_TEXTS[reader.language];
  const positions = new Map<TaskCsvColumn, number>();
  header.forEach((name, position) => {
    const column = columnOf(name);
    if (column && !positions.has(column)) positions.set(column, position);
  });
  const required: ImportColumn[] = ['title', 'description', ...(reader.needsRope ? (['ropeId'] as const) : [])];
  const absent = required.filter((column) => !positions.has(column));
  if (absent.length > 0)
    return {
      error: message('app.errors.csvColumnsMissing', {
        columns: absent.map((column) => texts.columns[column]).join(', '),
      }),
    };
  if (lines.length > TASK_CSV_MAX_ROWS)
    return { error: message('app.errors.csvTooManyTasks', { max: TASK_CSV_MAX_ROWS }) };
  const name = (column: ImportColumn) => {
    const position = positions.get(column);
    return position === undefined ? texts.columns[column] : (header[position]?.trim() ?? column);
  };
  const rows: TaskCsvRow[] = [];
  for (const [index, cells] of lines.entries()) {
    const cell = (column: ImportColumn) => {
      const position = positions.get(column);
      return position === undefined ? undefined : withoutNeutraliser(cells[position]?.trim() ?? '') || undefined;
    };
    try {
      rows.push(readRow(cell, name, reader));
    } catch (problem) {
      if (!(problem instanceof RowProblem)) throw problem;
      return { error: message(problem.key, { ...problem.params, row: index + 2 }) };
    }
  }
  if (rows.length === 0) return { error: message('app.errors.csvNoTasks') };
  return { rows };
}

/** A task as the export writes it: the list's answer. */
export interface TaskCsvTask {
  rope: { id: number; name?: string };
  installation?: { name: string };
  area?: { name: string };
  attributes: TaskAttributes;
  pastDue: boolean;
  assignedUsers: readonly { name: string }[];
  createdAt: string;
}

/** The header of a task file in the reader's language; the times' columns name their zone. */
export function taskCsvHeader(reader: SheetReader, columns: readonly TaskCsvColumn[] = TASK_EXPORT_COLUMNS) {
  const names = TASK_CSV_TEXTS[reader.language].columns;
  return columns.map((column) =>
    column === 'dueAt' || column === 'createdAt' ? zonedHeader(names[column], reader) : names[column],
  );
}

/** The tasks as the reader's Excel opens them, and as parseTaskCsv reads them back. */
export function taskCsv(reader: SheetReader, tasks: readonly TaskCsvTask[]): string {
  const texts = TASK_CSV_TEXTS[reader.language];
  const rows = tasks.map((task): CsvCell[] => {
    const { attributes } = task;
    const cycles = attributes.dueCondition?.type === 'bendingCycles' ? attributes.dueCondition.threshold : undefined;
    const values: Record<TaskCsvColumn, CsvCell> = {
      ropeId: task.rope.id,
      rope: task.rope.name,
      installation: task.installation?.name,
      area: task.area?.name,
      title: attributes.title,
      description: attributes.description,
      status: texts.status[attributes.status],
      // A due day is midnight in the zone: the day alone, as the task dialog sets it.
      dueAt: attributes.dueAt
        ? formatSheetTime(new Date(attributes.dueAt), reader.timeZone, reader.language)
        : undefined,
      dueCycles: cycles,
      pastDue: task.pastDue,
      component: attributes.component ? texts.component[attributes.component] : undefined,
      inspectionType: attributes.inspectionType ? texts.inspectionType[attributes.inspectionType] : undefined,
      assignees: task.assignedUsers.map((user) => user.name).join(', '),
      createdAt: new Date(task.createdAt),
    };
    return TASK_EXPORT_COLUMNS.map((column) => values[column]);
  });
  return buildCsv(reader, taskCsvHeader(reader), rows);
}

/** The file the upload dialog offers: the header the upload reads and one example task, in the reader's language. */
export function taskCsvTemplate(reader: SheetReader): string {
  const texts = TASK_CSV_TEXTS[reader.language];
  const example: Record<ImportColumn, CsvCell> = {
    ropeId: undefined,
    title: texts.example.title,
    description: texts.example.description,
    status: texts.status.new,
    dueAt: formatSheetDay({ year: 2026, month: 12, day: 15 }, reader.language),
    dueCycles: 600000,
    component: texts.component.rope,
    inspectionType: INSPECTION_TYPES[0],
  };
  const columns = TASK_IMPORT_COLUMNS.filter((column) => column !== 'ropeId');
  return buildCsv(
    reader,
    columns.map((column) => texts.columns[column]),
    [columns.map((column) => example[column])],
  );
}

/** Task files' names: "tasks-2026-12-15.csv", the day in the reader's zone. */
export function taskCsvFileName(at: Date, reader: SheetReader, prefix = 'tasks'): string {
  return `${prefix}-${formatSheetDay(wallTimeIn(at, reader.timeZone), 'en-US')}.csv`;
}
