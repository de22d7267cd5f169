import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findArea } from '../areas/index.ts';
import { installationsOfArea } from './internal.ts';

/** The installations of an area, archived or not, in their order. */
export async function listInstallations(args: ActionArgs<{ areaId: number; archived: boolean; showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const { area } = await findArea(ctx, viewer, input.areaId);
  return { installations: await installationsOfArea(ctx, area.id, input.archived) };
}
