import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findArea } from '../areas/index.ts';
import { installationsOfArea } from '../installations/index.ts';
import { ropesOfInstallation } from '../ropes/index.ts';

/** The damages of an area's live installations and of the live ropes of each. */
export async function getAreaDamageSummary(args: ActionArgs<{ areaId: number; showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const { area } = await findArea(ctx, viewer, input.areaId);
  const installations = await installationsOfArea(ctx, area.id, false);
  const summary = await Promise.all(
    installations.map(async (installation) => ({
      installation: { id: installation.id, name: installation.name, damages: installation.damages },
      ropes: (await ropesOfInstallation(ctx, installation.id, false)).map((rope) => ({
        id: rope.id,
        name: rope.name,
        damages: rope.damages,
      })),
    })),
  );
  return { installations: summary };
}
