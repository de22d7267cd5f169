import { z } from 'zod';
import { idTextSchema } from '../common.ts';
import { readCsv } from '../csv.ts';
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

const rowSchema = z.object({
  ropeId: idTextSchema.optional(),
  title: z
    .string({ message: 'title is missing' })
    .trim()
    .min(1, 'title is missing')
    .max(TASK_TITLE_MAX, `title is longer than ${TASK_TITLE_MAX}`),
  description: z
    .string({ message: 'description is missing' })
    .trim()
    .min(1, 'description is missing')
    .max(TASK_TEXT_MAX),
  dueAt: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
      if (Number.isNaN(time)) {
        ctx.addIssue({ code: 'custom', message: `dueAt "${value}" is not a date (use YYYY-MM-DD)` });
        return z.NEVER;
      }
      return new Date(time).toISOString();
    }),
  status: z.enum(TASK_STATUSES, { message: `status must be one of ${TASK_STATUSES.join(', ')}` }).default('new'),
  component: z.enum(TASK_COMPONENTS, { message: `component must be one of ${TASK_COMPONENTS.join(', ')}` }).optional(),
  inspectionType: z
    .enum(INSPECTION_TYPES, { message: `inspectionType must be one of ${INSPECTION_TYPES.join(', ')}` })
    .optional(),
});

export type TaskCsvRow = { ropeId?: number; attributes: TaskAttributes };

/**
 * Reads a task upload: a header row naming the columns (title, description, dueAt, status, component,
 * inspectionType, and ropeId for uploads across ropes), then one task a row. The first bad row refuses the whole file.
 */
export function parseTaskCsv(
  text: string,
  options: { needsRope: boolean },
): { rows: TaskCsvRow[] } | { error: string } {
  const read = readCsv(text);
  if ('error' in read) return read;
  const [header, ...lines] = read.rows;
  if (!header) return { error: 'The file is empty' };
  const columns = header.map((name) => name.trim());
  const required = ['title', 'description', ...(options.needsRope ? ['ropeId'] : [])];
  const missing = required.filter((name) => !columns.includes(name));
  if (missing.length > 0) return { error: `Row 1: the header lacks the column ${missing.join(', ')}` };
  if (lines.length > TASK_CSV_MAX_ROWS) return { error: `At most ${TASK_CSV_MAX_ROWS} tasks per file` };
  const rows: TaskCsvRow[] = [];
  for (const [index, cells] of lines.entries()) {
    const record = Object.fromEntries(columns.map((name, column) => [name, cells[column]?.trim() || undefined]));
    const parsed = rowSchema.safeParse(record);
    if (!parsed.success) return { error: `Row ${index + 2}: ${parsed.error.issues[0]?.message}` };
    const { ropeId, ...task } = parsed.data;
    rows.push({ ropeId, attributes: { ...task, isRecurring: false, recurringConditions: [], isInternal: false } });
  }
  if (rows.length === 0) return { error: 'The file has no tasks' };
  return { rows };
}
