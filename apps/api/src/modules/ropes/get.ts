import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope } from './internal.ts';
import { toRopeView } from './view.ts';

/** One rope with its stored damage. */
export async function getRope(args: ActionArgs<{ id: number; showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const { rope } = await findRope(ctx, viewer, input.id);
  return { rope: toRopeView(rope) };
}
