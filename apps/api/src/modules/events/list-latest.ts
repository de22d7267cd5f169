import { areas, installations, ropeEvents, ropes } from '@rope/db/schema/index';
import { LATEST_EVENTS_MAX_LIMIT } from '@rope/domain/events/kinds';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { flagIs } from '../../infra/prepared.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';
import type { ActionArgs } from '../action-args.ts';
import { findInstallation } from '../installations/index.ts';
import { eventDocumentCount as documentCount, toEventView } from './view.ts';

const latestColumns = {
  event: ropeEvents,
  documentCount,
  rope: {
    id: ropes.id,
    name: ropes.name,
    positionOffset: sql<number>`coalesce((${ropes.attributes}->>'positionOffset')::float8, 0)`,
  },
  installation: { id: installations.id, name: installations.name },
  area: { id: areas.id, name: areas.name },
};
const newestFirst = [desc(ropeEvents.occurredAt), desc(ropeEvents.id)];
const live = and(flagIs(ropeEvents.isDeleted, false), flagIs(ropes.isDeleted, false));

/**
 * The newest events of live ropes in the areas the viewer sees, narrowed by `where`, newest first, `limit` of them,
 * prepared once per visibility. The limit is written into the statement (1-100, checked by the route): bound as a
 * parameter, PostgreSQL planned the statement afresh on every call, as a plan for any count is not the plan for ten.
 */
function latestEventsQuery(name: string, limit: number, where?: SQL) {
  return preparedVisible((db, visible) =>
    joinPlacement(
      db.select(latestColumns).from(ropeEvents).innerJoin(ropes, eq(ropes.id, ropeEvents.ropeId)).$dynamic(),
    )
      .where(and(visible.where, live, where))
      .orderBy(...newestFirst)
      .limit(sql.raw(String(limit)) as unknown as number)
      .prepare(visible.name(`${name}_${limit}`)),
  );
}

/** One statement per limit asked, made at its first call: the dashboard's and one installation's. */
function latestQueries(name: string, where?: SQL) {
  const byLimit = new Map<number, ReturnType<typeof latestEventsQuery>>();
  return (limit: number) => {
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > LATEST_EVENTS_MAX_LIMIT) {
      throw new Error(`a limit of 1 to ${LATEST_EVENTS_MAX_LIMIT} events, not ${limit}`);
    }
    let query = byLimit.get(limit);
    if (!query) {
      query = latestEventsQuery(name, limit, where);
      byLimit.set(limit, query);
    }
    return query;
  };
}

const latestEverywhere = latestQueries('latest_visible_events');
const latestOfInstallation = latestQueries(
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
  const rows =
    input.installationId === undefined
      ? await latestEverywhere(input.limit)(ctx.db, viewer).execute()
      : await latestOfInstallation(input.limit)(ctx.db, viewer).execute({
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
