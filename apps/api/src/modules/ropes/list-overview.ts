import { areas, installations, ropes } from '@rope/db/schema/index';
import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { ropeDamageView } from '../hierarchy/index.ts';
import { liveVisibleRopesRead } from './live-visible.ts';

const readOverview = liveVisibleRopesRead('rope_overview', {
  id: ropes.id,
  name: ropes.name,
  damages: ropes.damages,
  installation: { id: installations.id, name: installations.name },
  area: { id: areas.id, name: areas.name },
});

/** Every live rope the viewer sees with its place and damage: the dashboard's rope list and the rope pickers. */
export async function listRopeOverview(args: ActionArgs<{ showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const rows = await readOverview(ctx.db, viewer);
  return { ropes: rows.map((row) => ({ ...row, damages: ropeDamageView(row.damages) })) };
}
