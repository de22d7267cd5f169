import { areas, documents, installations, ropeEvents, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { areaVisibleTo } from '../hierarchy/scope.ts';
import { toEventView } from './view.ts';

const documentCount = sql<number>`(select count(*)::int from ${documents} d
  where d.target_type = 'event' and d.target_id = ${ropeEvents.id})`;

export interface RopeEventQuery {
  archived: boolean;
  page: number;
  /** 0 means all. */
  pageSize: number;
  search?: string;
  positionFrom?: number;
  positionTo?: number;
  damageFilter?: 'manual' | 'mrt';
}

/** One rope's events, newest first, filtered by text, chart zoom and damage filter, paged on the server. */
export async function listRopeEvents({
  ctx,
  ropeId,
  query,
}: {
  ctx: AppContext;
  ropeId: number;
  query: RopeEventQuery;
}) {
  const conditions: SQL[] = [eq(ropeEvents.ropeId, ropeId), eq(ropeEvents.isDeleted, query.archived)];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`${ropeEvents.attributes}::text ilike ${pattern}`);
  }
  if (query.positionFrom !== undefined) conditions.push(gte(ropeEvents.position, query.positionFrom));
  if (query.positionTo !== undefined) conditions.push(lte(ropeEvents.position, query.positionTo));
  if (query.damageFilter) {
    conditions.push(eq(ropeEvents.recordingType, 'damage'));
    conditions.push(
      query.damageFilter === 'mrt'
        ? sql`${ropeEvents.attributes}->>'detection' = 'mrt'`
        : sql`coalesce(${ropeEvents.attributes}->>'detection', 'manual') <> 'mrt'`,
    );
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(ropeEvents).where(where);
  const base = ctx.db
    .select({ event: ropeEvents, documentCount })
    .from(ropeEvents)
    .where(where)
    .orderBy(desc(ropeEvents.occurredAt), desc(ropeEvents.id));
  const rows =
    query.pageSize > 0 ? await base.limit(query.pageSize).offset((query.page - 1) * query.pageSize) : await base;
  return { ropeEvents: rows.map((row) => toEventView(row.event, row.documentCount)), total };
}

/** The newest events under what the viewer sees, optionally one installation: dashboard and installation page. */
export async function listLatestEvents({
  ctx,
  viewer,
  limit,
  installationId,
}: {
  ctx: AppContext;
  viewer: Actor;
  limit: number;
  installationId?: number;
}) {
  const rows = await ctx.db
    .select({
      event: ropeEvents,
      documentCount,
      rope: { id: ropes.id, name: ropes.name },
      installation: { id: installations.id, name: installations.name },
      area: { id: areas.id, name: areas.name },
    })
    .from(ropeEvents)
    .innerJoin(ropes, eq(ropes.id, ropeEvents.ropeId))
    .innerJoin(installations, eq(installations.id, ropes.installationId))
    .innerJoin(areas, eq(areas.id, installations.areaId))
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
  return rows.map((row) => ({
    ...toEventView(row.event, row.documentCount),
    rope: row.rope,
    installation: row.installation,
    area: row.area,
  }));
}
