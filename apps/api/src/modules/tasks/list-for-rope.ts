import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { visibleRopeId } from '../ropes/index.ts';
import { loadRopeTasks } from './load.ts';

/** Every task of one rope, by due date. */
export async function listRopeTasks({ ctx, actor, input }: ActionArgs<{ ropeId: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  const ropeId = await visibleRopeId(ctx, actor, input.ropeId);
  return { tasks: await loadRopeTasks(ctx.db, ropeId) };
}
