import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { visibleRopeId } from '../ropes/index.ts';
import { loadVisibleRopeTasks } from './load.ts';

/**
 * Every task of one rope, by due date. One statement when the rope has tasks; only an empty list costs a second, to
 * answer a rope the viewer does not see (or that does not exist) with 404 rather than an empty list.
 */
export async function listRopeTasks({ ctx, actor, input }: ActionArgs<{ ropeId: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  const tasks = await loadVisibleRopeTasks(ctx.db, actor, input.ropeId);
  if (tasks.length === 0) await visibleRopeId(ctx, actor, input.ropeId);
  return { tasks };
}
