import { z } from 'zod';
import { idTextSchema } from '../common.ts';
import { readCsv } from '../csv.ts';
import { issueMessage, keyed, type Message, type MessageKey, message, ruleIssue } from '../messages.ts';
import {
  INSPECTION_TYPES,
  TASK_COMPONENTS,
  TASK_STATUSES,
  TASK_TEXT_MAX,
  TASK_TITLE_MAX,
  type TaskAttributes,
} from './schemas.ts';

export const TASK_CSV_COLUMNS = ['title', 'description', 'dueAt', 'status', 'component', 'inspectionType'] as const;
export const TASK_CSV_MAX_ROWS = 5000;

// Each check names its column; the row is added when a row fails (parseTaskCsv).
const missing = (column: string) => keyed('app.errors.csvValueMissing', { column });
const tooLong = (column: string, max: number) => keyed('app.errors.csvValueTooLong', { column, max });
const oneOf = (column: string, values: readonly string[]) =>
  keyed('app.errors.csvNotOneOf', { column, values: values.join(', ') });

const rowSchema = z.object({
  ropeId: idTextSchema.optional(),
  title: z
    .string(missing('title'))
    .trim()
    .min(1, missing('title'))
    .max(TASK_TITLE_MAX, tooLong('title', TASK_TITLE_MAX)),
  description: z
    .string(missing('description'))
    .trim()
    .min(1, missing('description'))
    .max(TASK_TEXT_MAX, tooLong('description', TASK_TEXT_MAX)),
  dueAt: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
      if (Number.isNaN(time)) {
        ctx.addIssue({ code: 'custom', ...ruleIssue('app.errors.csvNotADate', { column: 'dueAt', value }) });
        return z.NEVER;
      }
      return new Date(time).toISOString();
    }),
  status: z.enum(TASK_STATUSES, oneOf('status', TASK_STATUSES)).default('new'),
  component: z.enum(TASK_COMPONENTS, oneOf('component', TASK_COMPONENTS)).optional(),
  inspectionType: z.enum(INSPECTION_TYPES, oneOf('inspectionType', INSPECTION_TYPES)).optional(),
});

const ROW_KEYS: ReadonlySet<MessageKey> = new Set([
  'app.errors.csvValueMissing',
  'app.errors.csvValueTooLong',
  'app.errors.csvNotADate',
  'app.errors.csvNotOneOf',
]);

/** A bad cell's message with its row; a check of another rule (the rope's id) says which column is not valid. */
function rowProblem(issue: z.core.$ZodIssue, row: number): Message {
  const problem = issueMessage(issue);
  if (ROW_KEYS.has(problem.key)) return message(problem.key, { ...problem.params, row });
  return message('app.errors.csvValueInvalid', { row, column: String(issue.path[0] ?? '') });
}

export type TaskCsvRow = { ropeId?: number; attributes: TaskAttributes };

/**
 * Reads a task upload: a header row naming the columns (title, description, dueAt, status, component,
 * inspectionType, and ropeId for uploads across ropes), then one task a row. The first bad row refuses the whole file.
 */
export function parseTaskCsv(
  text: string,
  options: { needsRope: boolean },
): { rows: TaskCsvRow[] } | { error: Message } {
  const read = readCsv(text);
  if ('error' in read) return read;
  const [header, ...lines] = read.rows;
  if (!header) return { error: message('app.errors.csvEmpty') };
  const columns = header.map((name) => name.trim());
  const required = ['title', 'description', ...(options.needsRope ? ['ropeId'] : [])];
  const absent = required.filter((name) => !columns.includes(name));
  if (absent.length > 0) return { error: message('app.errors.csvColumnsMissing', { columns: absent.join(', ') }) };
  if (lines.length > TASK_CSV_MAX_ROWS)
    return { error: message('app.errors.csvTooManyTasks', { max: TASK_CSV_MAX_ROWS }) };
  const rows: TaskCsvRow[] = [];
  for (const [index, cells] of lines.entries()) {
    const record = Object.fromEntries(columns.map((name, column) => [name, cells[column]?.trim() || undefined]));
    const parsed = rowSchema.safeParse(record);
    if (!parsed.success) return { error: rowProblem(parsed.error.issues[0]!, index + 2) };
    const { ropeId, ...task } = parsed.data;
    rows.push({ ropeId, attributes: { ...task, isRecurring: false, recurringConditions: [], isInternal: false } });
  }
  if (rows.length === 0) return { error: message('app.errors.csvNoTasks') };
  return { rows };
}
