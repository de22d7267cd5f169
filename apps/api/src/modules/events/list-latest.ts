import { areas, installations, ropeEvents, ropes } from '@rope/db/schema/index';
import { and, desc, eq, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { areaVisibleTo, viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findInstallation } from '../installations/index.ts';
import { eventDocumentCount as documentCount, toEventView } from './view.ts';

/** The newest events under what the viewer sees, optionally one installation: dashboard and installation page. */
export async function listLatestEvents(
  args: ActionArgs<{ limit: number; installationId?: number; showAsUser?: number }>,
) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, input.showAsUser);
  const { limit } = input;
  const installationId =
    input.installationId === undefined
      ? undefined
      : (await findInstallation(ctx, viewer, input.installationId)).installation.id;
  const query = ctx.db
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
    .$dynamic();
  const rows = await joinPlacement(query)
    .where(
      and(
        areaVisibleTo(viewer),
        eq(ropeEvents.isDeleted, false),
        eq(ropes.isDeleted, false),
        installationId === undefined ? sql`true` : eq(installations.id, installationId),
      ),
    )
    .orderBy(desc(ropeEvents.occurredAt), desc(ropeEvents.id))
    .limit(limit);
  const latest = rows.map((row) => ({
    ...toEventView(row.event, row.documentCount),
    rope: row.rope,
    installation: row.installation,
    area: row.area,
  }));
  return { ropeEvents: latest };
}
