import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { toDamageView } from '../hierarchy/index.ts';
import { findInstallationWithDamage } from './internal.ts';
import { toInstallationView } from './view.ts';

/** One installation with the largest damage of its live ropes. */
export async function getInstallation(args: ActionArgs<{ id: number; showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const { installation, damages } = await findInstallationWithDamage(ctx, viewer, input.id);
  return { installation: { ...toInstallationView(installation), damages: toDamageView(damages) } };
}
