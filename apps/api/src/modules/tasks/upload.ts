import { tasks } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { parseTaskCsv } from '@rope/domain/task-csv';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { assertWritable, findRope } from '../hierarchy/scope.ts';

const CSV_MAX_BYTES = 2 * 1024 * 1024;

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
  const file = await request.file({ limits: { fileSize: CSV_MAX_BYTES, files: 1 } });
  if (!file) throw new AppError('VALIDATION', 'Send the tasks as a .csv file');
  if (!file.filename.toLowerCase().endsWith('.csv'))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only .csv files are accepted');
  const text = (await file.toBuffer()).toString('utf8');
  if (text.includes('\u0000')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a text file');
  const parsed = parseTaskCsv(text, { needsRope: ropeId === undefined });
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
