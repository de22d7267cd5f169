import { buildCsv, type CsvCell, readCsv, type SheetReader, zonedHeader } from '../csv.ts';
import type { Language } from '../languages.ts';
import {
  formatSheetDay,
  formatSheetTime,
  instantOf,
  parseSheetNumber,
  parseSheetTime,
  wallTimeIn,
} from '../locale-format.ts';
import { type Message, message } from '../message.ts';
import type { MessageKey } from '../message-keys.ts';
import { type TaskCsvReaders, taskCsvReaders } from './csv-names.ts';
import {
  TASK_EXPORT_COLUMNS,
  TASK_IMPORT_COLUMNS,
  type TaskCsvColumn,
  type TaskCsvTextBook,
  type TaskCsvTexts,
} from './csv-texts.ts';
import { INSPECTION_TYPES, TASK_COMPONENTS, TASK_STATUSES, TASK_TEXT_MAX, TASK_TITLE_MAX } from './kinds.ts';
import type { TaskAttributes } from './schemas.ts';

export {
  TASK_EXPORT_COLUMNS,
  TASK_IMPORT_COLUMNS,
  type TaskCsvTextBook,
  type TaskCsvTexts,
  taskCsvTexts,
} from './csv-texts.ts';

export const TASK_CSV_MAX_ROWS = 5000;
const CYCLES_MAX = 999_999_999_999;
/** The day the template's example task and the refusal of a bad day show. */
const EXAMPLE_DAY = { year: 2026, month: 12, day: 15 };

type ImportColumn = (typeof TASK_IMPORT_COLUMNS)[number];

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
  texts: TaskCsvTexts,
  read: TaskCsvReaders,
) {
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
        read.status,
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
        example: formatSheetDay(EXAMPLE_DAY, reader.language),
      });
    dueAt = due.toISOString();
  }
  const cyclesText = cell('dueCycles');
  const dueCycles = cyclesText ? wholeNumber(cyclesText, reader.language, name('dueCycles'), CYCLES_MAX) : undefined;
  const componentText = cell('component');
  const component = componentText
    ? choice(
        read.component,
        componentText,
        name('component'),
        TASK_COMPONENTS.map((code) => texts.component[code]),
      )
    : undefined;
  const inspectionText = cell('inspectionType');
  const inspectionType = inspectionText
    ? choice(read.inspectionType, inspectionText, name('inspectionType'), INSPECTION_TYPES)
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
export function parseTaskCsv(
  text: string,
  reader: TaskCsvReader,
  book: TaskCsvTextBook,
): { rows: TaskCsvRow[] } | { error: Message } {
  const file = readCsv(text);
  if ('error' in file) return file;
  const [header, ...lines] = file.rows;
  if (!header) return { error: message('app.errors.csvEmpty') };
  const texts = book[reader.language];
  const read = taskCsvReaders(book);
  const positions = new Map<TaskCsvColumn, number>();
  header.forEach((name, position) => {
    const column = read.column(name);
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
      rows.push(readRow(cell, name, reader, texts, read));
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

/** The cells of a task's attributes: the columns an upload reads back, as the reader's Excel shows them. */
function attributeCells(attributes: TaskAttributes, reader: SheetReader, texts: TaskCsvTexts) {
  const cycles = attributes.dueCondition?.type === 'bendingCycles' ? attributes.dueCondition.threshold : undefined;
  return {
    title: attributes.title,
    description: attributes.description,
    status: texts.status[attributes.status],
    // A due day is midnight in the zone: the day alone, as the task dialog sets it.
    dueAt: attributes.dueAt ? formatSheetTime(new Date(attributes.dueAt), reader.timeZone, reader.language) : undefined,
    dueCycles: cycles,
    component: attributes.component ? texts.component[attributes.component] : undefined,
    inspectionType: attributes.inspectionType,
  } satisfies Record<Exclude<ImportColumn, 'ropeId'>, CsvCell>;
}

/** A task file for the reader: the columns' headers (times' columns naming their zone when `zoned`), then the rows. */
function taskFile(
  reader: SheetReader,
  texts: TaskCsvTexts,
  columns: readonly TaskCsvColumn[],
  rows: readonly Partial<Record<TaskCsvColumn, CsvCell>>[],
  zoned: boolean,
) {
  const header = columns.map((column) => {
    const name = texts.columns[column];
    return zoned && (column === 'dueAt' || column === 'createdAt') ? zonedHeader(name, reader) : name;
  });
  return buildCsv(
    reader,
    header,
    rows.map((row) => columns.map((column) => row[column])),
  );
}

/** The tasks as the reader's Excel opens them, and as parseTaskCsv reads them back. */
export function taskCsv(reader: SheetReader, tasks: readonly TaskCsvTask[], book: TaskCsvTextBook): string {
  const texts = book[reader.language];
  const rows = tasks.map((task) => ({
    ropeId: task.rope.id,
    rope: task.rope.name,
    installation: task.installation?.name,
    area: task.area?.name,
    ...attributeCells(task.attributes, reader, texts),
    pastDue: task.pastDue,
    assignees: task.assignedUsers.map((user) => user.name).join(', '),
    createdAt: new Date(task.createdAt),
  }));
  return taskFile(reader, texts, TASK_EXPORT_COLUMNS, rows, true);
}

/** The file the upload dialog offers: the header the upload reads and one example task, in the reader's language. */
export function taskCsvTemplate(reader: SheetReader, book: TaskCsvTextBook): string {
  const texts = book[reader.language];
  const example: TaskAttributes = {
    title: texts.example.title,
    description: texts.example.description,
    status: 'new',
    dueAt: instantOf({ ...EXAMPLE_DAY, hour: 0, minute: 0, second: 0 }, reader.timeZone).toISOString(),
    dueCondition: { type: 'bendingCycles', threshold: 600000 },
    isRecurring: false,
    recurringConditions: [],
    isInternal: false,
    component: 'rope',
    inspectionType: INSPECTION_TYPES[0],
  };
  const columns = TASK_IMPORT_COLUMNS.filter((column) => column !== 'ropeId');
  return taskFile(reader, texts, columns, [attributeCells(example, reader, texts)], false);
}

/** Task files' names: "tasks-2026-12-15.csv", the day in the reader's zone. */
export function taskCsvFileName(at: Date, reader: SheetReader, prefix = 'tasks'): string {
  return `${prefix}-${formatSheetDay(wallTimeIn(at, reader.timeZone), 'en-US')}.csv`;
}
