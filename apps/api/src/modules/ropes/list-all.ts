import { areas, installations, ropes } from '@rope/db/schema/index';
import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { liveVisibleRopesRead } from './live-visible.ts';
import { toRopeView } from './view.ts';

const readRopes = liveVisibleRopesRead('list_all_visible_ropes', {
  rope: ropes,
  installation: { id: installations.id, name: installations.name },
  area: { id: areas.id, name: areas.name },
});

/** Every live rope the viewer sees, with where it hangs: the dashboard's rope list. */
export async function listAllRopes(args: ActionArgs<{ showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const rows = await readRopes(ctx.db, viewer);
  return { ropes: rows.map((row) => ({ ...toRopeView(row.rope), installation: row.installation, area: row.area })) };
}
