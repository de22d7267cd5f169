import { tasks } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { parseTaskCsv } from '@rope/domain/task-csv';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { readUpload, type UploadRules } from '../../http/read-upload.ts';
import { assertWritable, findRope } from '../hierarchy/scope.ts';

export const TASK_CSV_RULES: UploadRules = {
  maxBytes: 2 * 1024 * 1024,
  types: ['text/csv'],
  label: 'tasks CSV',
  wrongType: 'The tasks file must be a CSV text file',
};

/** Creates the tasks of a CSV file in one transaction: one bad row refuses the whole file, nothing half-imported. */
export async function uploadTasks({
  ctx,
  actor,
  request,
  ropeId,
}: {
  ctx: AppContext;
  actor: Actor;
  request: FastifyRequest;
  ropeId?: number;
}) {
  if (ropeId !== undefined) {
    const { rope, installation, area } = await findRope(ctx, actor, ropeId);
    assertWritable([rope, installation, area]);
  }
  // By content: Excel's own CSV (semicolons, Windows-1252) as well as UTF-8 with or without a BOM, whatever the name.
  const upload = await readUpload(request, TASK_CSV_RULES);
  const parsed = parseTaskCsv(upload.text ?? '', { needsRope: ropeId === undefined });
  if ('error' in parsed) throw new AppError('VALIDATION', parsed.error);
  const ropeIds = [...new Set(parsed.rows.map((row) => ropeId ?? row.ropeId!))];
  for (const id of ropeIds) {
    try {
      const { rope, installation, area } = await findRope(ctx, actor, id);
      assertWritable([rope, installation, area]);
    } catch (error) {
      const row = parsed.rows.findIndex((entry) => (ropeId ?? entry.ropeId) === id) + 2;
      throw new AppError(
        'VALIDATION',
        `Row ${row}: rope ${id} ${error instanceof AppError && error.status === 404 ? 'does not exist' : 'is archived'}`,
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
