import { and } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { areaVisibleTo, viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { loadTasks, openTasks } from './load.ts';

/** The tasks the viewer sees, open ones (of live ropes) or all, by due date. */
export async function listTasks(args: ActionArgs<{ status: 'open' | 'all'; showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  return {
    tasks: await loadTasks(ctx.db, and(areaVisibleTo(viewer), input.status === 'open' ? openTasks : undefined)),
  };
}
