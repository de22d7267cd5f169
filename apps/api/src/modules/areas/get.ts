import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { toDamageView } from '../hierarchy/index.ts';
import { findAreaWithDamage } from './internal.ts';
import { toAreaView } from './view.ts';

/** One area with the largest damage of its live ropes. */
export async function getArea(args: ActionArgs<{ id: number; showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const { area, mandatorName, damages } = await findAreaWithDamage(ctx, viewer, input.id);
  return { area: toAreaView(area, mandatorName, toDamageView(damages)) };
}
