import { ropes } from '@rope/db/schema/index';
import { and, asc, eq, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';
import type { ActionArgs } from '../action-args.ts';
import { findInstallation } from '../installations/index.ts';
import { ropeViewColumns, toRopeView } from './view.ts';

const visibleRopesQuery = preparedVisible((db, visible) =>
  joinPlacement(db.select(ropeViewColumns).from(ropes).$dynamic())
    .where(
      and(
        eq(ropes.installationId, sql.placeholder('installationId')),
        eq(ropes.isDeleted, sql.placeholder('archived')),
        visible.where,
      ),
    )
    .orderBy(asc(ropes.ordering), asc(ropes.id))
    .prepare(visible.name('list_visible_ropes')),
);

/**
 * The ropes of an installation, archived or not. The hot path of the installation page: one prepared query answers
 * the ropes when the viewer sees the installation; only an empty answer costs a second query, to tell an empty list
 * from a 404.
 */
export async function listRopes(args: ActionArgs<{ installationId: number; archived: boolean; showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const query = visibleRopesQuery(ctx.db, viewer);
  const { installationId, archived } = input;
  const rows = await query.execute({ installationId, archived });
  if (rows.length === 0) await findInstallation(ctx, viewer, installationId);
  return { ropes: rows.map(toRopeView) };
}
