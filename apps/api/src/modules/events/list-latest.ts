import type { Db } from '@rope/db/client';
import { areas, installations, ropeEvents, ropes } from '@rope/db/schema/index';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { preparedPerDatabase } from '../../infra/prepared.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import { visibilityParams, visibleAreaPlaceholder } from '../../tenancy/visible-query.ts';
import type { ActionArgs } from '../action-args.ts';
import { findInstallation } from '../installations/index.ts';
import { eventDocumentCount as documentCount, toEventView } from './view.ts';

/** The newest events of live ropes in the areas the viewer sees, narrowed by `where`, prepared once as `name`. */
function latestEventsQuery(name: string, where?: SQL) {
  return preparedPerDatabase((db: Db) =>
    joinPlacement(
      db
        .select({
          event: ropeEvents,
          documentCount,
          rope: {
            id: ropes.id,
            name: ropes.name,
            positionOffset: sql<number>`coalesce((${ropes.attributes}->>'positionOffset')::float8, 0)`,
          },
          installation: { id: installations.id, name: installations.name },
          area: { id: areas.id, name: areas.name },
        })
        .from(ropeEvents)
        .innerJoin(ropes, eq(ropes.id, ropeEvents.ropeId))
        .$dynamic(),
    )
      .where(and(visibleAreaPlaceholder, eq(ropeEvents.isDeleted, false), eq(ropes.isDeleted, false), where))
      .orderBy(desc(ropeEvents.occurredAt), desc(ropeEvents.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
}

/** Two statements, so that each keeps the plan that fits it: the dashboard's and one installation's. */
const latestEverywhere = latestEventsQuery('latest_visible_events');
const latestOfInstallation = latestEventsQuery(
  'latest_visible_installation_events',
  eq(installations.id, sql.placeholder('installationId')),
);

/** The newest events under what the viewer sees, optionally one installation: dashboard and installation page. */
export async function listLatestEvents(
  args: ActionArgs<{ limit: number; installationId?: number; showAsUser?: number }>,
) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const params = { limit: input.limit, ...visibilityParams(viewer) };
  const rows =
    input.installationId === undefined
      ? await latestEverywhere(ctx.db).execute(params)
      : await latestOfInstallation(ctx.db).execute({
          ...params,
          installationId: (await findInstallation(ctx, viewer, input.installationId)).installation.id,
        });
  const latest = rows.map((row) => ({
    ...toEventView(row.event, row.documentCount),
    rope: row.rope,
    installation: row.installation,
    area: row.area,
  }));
  return { ropeEvents: latest };
}
