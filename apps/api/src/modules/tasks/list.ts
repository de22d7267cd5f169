import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { loadVisiblePendingTasks, loadVisibleTasks } from './load.ts';

/** The tasks the viewer sees, open ones (of live ropes) or all, by due date. */
export async function listTasks(args: ActionArgs<{ status: 'open' | 'all'; showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  return { tasks: await loadVisibleTasks(ctx.db, viewer, input.status === 'open') };
}

/** The open tasks of live ropes the viewer sees, by due date, with what the dashboard shows of each. */
export async function listPendingTasks(args: ActionArgs<{ showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  return { tasks: await loadVisiblePendingTasks(ctx.db, viewer) };
}
