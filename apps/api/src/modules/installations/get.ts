import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { damageBelow } from '../hierarchy/index.ts';
import { findInstallation } from './internal.ts';
import { toInstallationView } from './view.ts';

/** One installation with the largest damage of its live ropes. */
export async function getInstallation(args: ActionArgs<{ id: number; showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const { installation } = await findInstallation(ctx, viewer, input.id);
  const damages = await damageBelow(ctx.db, { installationId: installation.id });
  return { installation: { ...toInstallationView(installation), damages } };
}
