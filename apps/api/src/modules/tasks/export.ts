import { tasks } from '@rope/db/schema/index';
import { taskCsv, taskCsvFileName, taskCsvTemplate } from '@rope/domain/tasks/csv';
import { OPEN_TASK_STATUSES } from '@rope/domain/tasks/kinds';
import { and, eq, inArray } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { type SheetQuery, sheetReader } from '../../http/sheet-reader.ts';
import { TASK_CSV_TEXTS } from '../../i18n/csv-texts.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope } from '../ropes/index.ts';
import { listTasks } from './list.ts';
import { loadTasks } from './load.ts';

type TaskFilter = { status: 'open' | 'all' };

/** The task list (GET /tasks) with its filters as a CSV file for the reader's Excel: the spec's CSV export right. */
export async function exportTasks(args: ActionArgs<TaskFilter & { showAsUser?: number } & SheetQuery>) {
  // Shown as a client, the download is the client's to have or not, as every other answer.
  const viewer = await viewerFor(args, args.input.showAsUser);
  assertCan(viewer, 'CHART_CONTROLS');
  const { tasks: listed } = await listTasks({
    ...args,
    actor: viewer,
    input: { ...args.input, showAsUser: undefined },
  });
  const reader = await sheetReader(args.ctx, args.actor, args.input);
  return { csv: taskCsv(reader, listed, TASK_CSV_TEXTS), fileName: taskCsvFileName(new Date(), reader) };
}

/** A rope's tasks, open ones or all as its table shows them, with times in its installation's zone. */
export async function exportRopeTasks({ ctx, actor, input }: ActionArgs<TaskFilter & { ropeId: number } & SheetQuery>) {
  assertCan(actor, 'CHART_CONTROLS');
  const { rope, installation } = await findRope(ctx, actor, input.ropeId);
  const open = input.status === 'open' ? inArray(tasks.status, [...OPEN_TASK_STATUSES]) : undefined;
  const listed = await loadTasks(ctx.db, and(eq(tasks.ropeId, rope.id), open));
  const reader = await sheetReader(ctx, actor, input, installation.attributes.timezone);
  return {
    csv: taskCsv(reader, listed, TASK_CSV_TEXTS),
    fileName: taskCsvFileName(new Date(), reader, `tasks-${rope.id}`),
  };
}

/** The upload's template in the reader's language: the columns it reads and one example task. */
export async function taskTemplate({ ctx, actor, input }: ActionArgs<SheetQuery>) {
  assertCan(actor, 'DOMAIN_WRITE');
  const reader = await sheetReader(ctx, actor, input);
  return { csv: taskCsvTemplate(reader, TASK_CSV_TEXTS), fileName: `tasks-template-${reader.language}.csv` };
}
