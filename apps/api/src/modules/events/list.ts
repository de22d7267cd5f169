import { queryRows } from '@rope/db/client';
import { containsPattern } from '@rope/db/like';
import { ropeEvents, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { chartPositions } from '@rope/domain/ropes/effective-events';
import { and, count, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { assertCan } from '../../http/guards.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';
import type { ActionArgs } from '../action-args.ts';
import { loadDamageTarget } from '../damage/index.ts';
import { visibleRopeId } from '../ropes/index.ts';
import { eventDocumentCount as documentCount, toEventView } from './view.ts';

export interface RopeEventQuery {
  ropeId: number;
  archived: boolean;
  page: number;
  /** 0 means all. */
  pageSize: number;
  search?: string;
  positionFrom?: number;
  positionTo?: number;
  damageFilter?: 'manual' | 'mrt';
  showAsUser?: number;
}

const pageColumns = { event: ropeEvents, documentCount, total: sql<number>`count(*) over ()`.mapWith(Number) };
const newestFirst = [desc(ropeEvents.occurredAt), desc(ropeEvents.id)];

/**
 * The rope page's own call, a page of the live (or archived) events with no filter, prepared once and checked against
 * the viewer in the same statement: no rows for a rope in an area the viewer does not see.
 */
const plainPageQuery = preparedVisible((db, visible) =>
  joinPlacement(db.select(pageColumns).from(ropeEvents).innerJoin(ropes, eq(ropes.id, ropeEvents.ropeId)).$dynamic())
    .where(
      and(
        eq(ropeEvents.ropeId, sql.placeholder('ropeId')),
        eq(ropeEvents.isDeleted, sql.placeholder('archived')),
        visible.where,
      ),
    )
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(visible.name('visible_rope_events_page')),
);

/** A page with no filter: one statement; only an empty page costs the check that tells a foreign rope (404). */
async function plainPage(ctx: AppContext, viewer: Actor, query: RopeEventQuery) {
  const offset = (query.page - 1) * query.pageSize;
  const page = { ropeId: query.ropeId, archived: query.archived, limit: query.pageSize, offset };
  const rows = await plainPageQuery(ctx.db, viewer).execute({ ...page });
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  const ropeId = await visibleRopeId(ctx, viewer, query.ropeId);
  const where = and(eq(ropeEvents.ropeId, ropeId), eq(ropeEvents.isDeleted, query.archived));
  return { rows, total: query.page > 1 ? await countEvents(ctx, where) : 0 };
}

/** One rope's events, newest first, filtered by text, chart zoom and damage filter, paged on the server. */
export async function listRopeEvents(args: ActionArgs<RopeEventQuery>) {
  const { ctx, actor, input: query } = args;
  assertCan(actor, 'DOMAIN_READ');
  const viewer = await viewerFor(args, query.showAsUser);
  const filtered = query.search || query.positionFrom !== undefined || query.positionTo !== undefined;
  if (!filtered && !query.damageFilter && query.pageSize > 0) {
    const { rows, total } = await plainPage(ctx, viewer, query);
    return { ropeEvents: rows.map((row) => toEventView(row.event, row.documentCount)), total };
  }
  const ropeId = await visibleRopeId(ctx, viewer, query.ropeId);
  const filters: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(sql`${ropeEvents.attributes}::text ilike ${pattern}`);
  }
  if (query.positionFrom !== undefined || query.positionTo !== undefined)
    filters.push(await zoomCondition(ctx, ropeId, query.positionFrom, query.positionTo));
  if (query.damageFilter) {
    filters.push(eq(ropeEvents.recordingType, 'damage'));
    filters.push(
      query.damageFilter === 'mrt'
        ? sql`${ropeEvents.attributes}->>'detection' = 'mrt'`
        : sql`coalesce(${ropeEvents.attributes}->>'detection', 'manual') <> 'mrt'`,
    );
  }
  const where = and(eq(ropeEvents.ropeId, ropeId), eq(ropeEvents.isDeleted, query.archived), ...filters);
  const offset = (query.page - 1) * query.pageSize;
  // The total comes with the page (counted before the limit): one statement, not a count and a page.
  const base = ctx.db
    .select(pageColumns)
    .from(ropeEvents)
    .where(where)
    .orderBy(...newestFirst);
  const rows = query.pageSize === 0 ? await base : await base.limit(query.pageSize).offset(offset);
  const total = rows[0]?.total ?? (query.page > 1 && query.pageSize > 0 ? await countEvents(ctx, where) : 0);
  return { ropeEvents: rows.map((row) => toEventView(row.event, row.documentCount)), total };
}

/** The events matching `where`, for a page past the last (which holds no row to carry the total). */
async function countEvents(ctx: AppContext, where: SQL | undefined): Promise<number> {
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(ropeEvents).where(where);
  return total;
}

/**
 * The chart zoom as a condition on the events: on their stored positions, or, where mutations shifted them, an
 * endless rope wraps them or the position offset moves device-referenced ones (found by MRT) to the datum, on the
 * positions the damage chart draws them at, so table and chart show the same.
 */
async function zoomCondition(ctx: AppContext, ropeId: number, from?: number, to?: number): Promise<SQL> {
  const stored = and(
    from === undefined ? undefined : gte(ropeEvents.position, from),
    to === undefined ? undefined : lte(ropeEvents.position, to),
  )!;
  const target = await loadDamageTarget(ctx.db, ropeId);
  const loop = target?.loopLength ?? null;
  const offset = target?.rope.attributes.positionOffset ?? 0;
  // Most ropes have neither mutations, positions off the loop nor MRT findings with an offset: one cheap look, and
  // the stored positions hold. Which events are device-referenced is the domain's isDeviceReferenced.
  const [{ shifted } = { shifted: false }] = await queryRows<{ shifted: boolean }>(
    ctx.db,
    sql`select exists (select 1 from rope_events where rope_id = ${ropeId} and position is not null
          and ((recording_type = 'mutation' and not is_deleted)
            or (${loop}::float8 is not null and (position < 0 or position >= ${loop}::float8))
            or (${offset}::float8 <> 0 and (attributes->>'detection' = 'mrt' or type = 'mrtInspection')))) as shifted`,
  );
  if (!shifted) return stored;
  const events = await ctx.db
    .select({
      id: ropeEvents.id,
      position: ropeEvents.position,
      attributes: ropeEvents.attributes,
      isDeleted: ropeEvents.isDeleted,
    })
    .from(ropeEvents)
    .where(and(eq(ropeEvents.ropeId, ropeId), isNotNull(ropeEvents.position)));
  // Archived mutations shift nothing; archived events are still drawn where they would be.
  const drawn = chartPositions(
    events.filter((event) => !event.isDeleted || event.attributes.recordingType !== 'mutation'),
    loop ?? undefined,
    offset,
  );
  if (!drawn) return stored;
  const ids = [...drawn].filter(([, x]) => (from === undefined || x >= from) && (to === undefined || x <= to));
  return ids.length > 0
    ? inArray(
        ropeEvents.id,
        ids.map(([id]) => id),
      )
    : sql`false`;
}
