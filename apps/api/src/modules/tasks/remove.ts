import { tasks } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope } from '../ropes/index.ts';
import { findTask } from './internal.ts';

/** Removes the task with its notes and assignees. */
export async function deleteTask({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'DOMAIN_WRITE');
  const task = await findTask(ctx, actor, input.id);
  const { rope, installation, area } = await findRope(ctx, actor, task.rope.id);
  assertWritable([rope, installation, area]);
  await ctx.db.delete(tasks).where(eq(tasks.id, task.id));
}
