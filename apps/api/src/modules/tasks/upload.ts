import { tasks } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { parseTaskCsv } from '@rope/domain/tasks/csv';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { UploadRules } from '../../http/read-upload.ts';
import { type SheetQuery, sheetReader } from '../../http/sheet-reader.ts';
import { TASK_CSV_TEXTS } from '../../i18n/csv-texts.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope } from '../ropes/index.ts';

/** By content: Excel's own CSV (semicolons, Windows-1252) as well as UTF-8 with or without a BOM, whatever the name. */
export const TASK_CSV_RULES: UploadRules = {
  maxBytes: 2 * 1024 * 1024,
  types: ['text/csv'],
  messages: {
    notMultipart: 'app.errors.tasksCsvNotMultipart',
    missing: 'app.errors.tasksCsvMissing',
    tooLarge: 'app.errors.tasksCsvTooLarge',
    wrongType: 'app.errors.tasksCsvWrongType',
  },
};

export interface TaskCsvUpload extends SheetQuery {
  /** The rope of every row; without it each row names its rope. */
  ropeId?: number;
  /** The decoded text of the CSV file. */
  text: string;
}

/**
 * What an upload needs before its file is read: the right to write, the rope (a foreign one answers 404 like a
 * missing one, whatever the file) and the reader's Excel, with the days in the rope's installation's zone.
 */
export async function taskUploadReader({ ctx, actor, input }: ActionArgs<Omit<TaskCsvUpload, 'text'>>) {
  assertCan(actor, 'DOMAIN_WRITE');
  if (input.ropeId === undefined) return sheetReader(ctx, actor, input);
  const { rope, installation, area } = await findRope(ctx, actor, input.ropeId);
  assertWritable([rope, installation, area]);
  return sheetReader(ctx, actor, input, installation.attributes.timezone);
}

/**
 * Creates the tasks of a CSV file in one transaction: one bad row refuses the whole file, nothing half-imported. The
 * file is read as the uploader's Excel writes it (taskUploadReader), in any language's column names.
 */
export async function uploadTasks(args: ActionArgs<TaskCsvUpload>) {
  const { ctx, actor, input } = args;
  const { ropeId } = input;
  const reader = await taskUploadReader(args);
  const parsed = parseTaskCsv(input.text, { ...reader, needsRope: ropeId === undefined }, TASK_CSV_TEXTS);
  if ('error' in parsed) throw new AppError('VALIDATION', parsed.error);
  const ropeIds = [...new Set(parsed.rows.map((row) => ropeId ?? row.ropeId!))];
  for (const id of ropeIds) {
    try {
      const { rope, installation, area } = await findRope(ctx, actor, id);
      assertWritable([rope, installation, area]);
    } catch (error) {
      const row = parsed.rows.findIndex((entry) => (ropeId ?? entry.ropeId) === id) + 2;
      const missing = error instanceof AppError && error.status === 404;
      throw new AppError(
        'VALIDATION',
        message(missing ? 'app.errors.csvRopeMissing' : 'app.errors.csvRopeArchived', { row, rope: id }),
      );
    }
  }
  const created = await ctx.db.transaction(async (tx) =>
    tx
      .insert(tasks)
      .values(
        parsed.rows.map((row) => ({
          ropeId: ropeId ?? row.ropeId!,
          attributes: row.attributes,
          status: row.attributes.status,
          dueAt: row.attributes.dueAt ? new Date(row.attributes.dueAt) : null,
          createdByUserId: actor.userId,
        })),
      )
      .returning({ id: tasks.id }),
  );
  return { created: created.length, tasks: created };
}
