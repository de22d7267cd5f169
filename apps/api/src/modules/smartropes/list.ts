import { containsPattern } from '@rope/db/like';
import { smartropeEvents, smartropes } from '@rope/db/schema/index';
import { SMARTROPES_PAGE_SIZE } from '@rope/domain/sensors/limits';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { visibleRopeId } from '../ropes/index.ts';
import { findSmartrope, selectPlacedSmartropes, smartropeVisibleTo } from './internal.ts';
import { loadRopeSmartropeEvents, loadSmartropeEvents, loadSmartropes } from './load.ts';

/** The admin list: 25 a page by name, filtered by a text in the name or fabrication number, or by rope. */
export async function listSmartropes({
  ctx,
  actor,
  input,
}: ActionArgs<{ page: number; search: string; rope?: number }>) {
  assertCan(actor, 'SMARTROPE_MANAGE');
  const conditions: SQL[] = [smartropeVisibleTo(actor)];
  if (input.search) {
    const pattern = containsPattern(input.search);
    conditions.push(or(ilike(smartropes.name, pattern), ilike(smartropes.uuid, pattern)) as SQL);
  }
  if (input.rope !== undefined) conditions.push(eq(smartropes.ropeId, input.rope));
  const where = and(...conditions);
  const [total] = await ctx.db.select({ n: count() }).from(selectPlacedSmartropes(ctx).where(where).as('visible'));
  const page = await selectPlacedSmartropes(ctx)
    .where(where)
    .orderBy(asc(smartropes.name), asc(smartropes.id))
    .limit(SMARTROPES_PAGE_SIZE)
    .offset((input.page - 1) * SMARTROPES_PAGE_SIZE);
  return {
    smartropes: await loadSmartropes(
      ctx.db,
      page.map((row) => row.smartrope.id),
    ),
    total: total?.n ?? 0,
  };
}

/** The newest events of the smartropes on one rope: whoever sees the rope sees them. */
export async function listRopeSmartropeEvents({ ctx, actor, input }: ActionArgs<{ ropeId: number; limit: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  const ropeId = await visibleRopeId(ctx, actor, input.ropeId);
  return { events: await loadRopeSmartropeEvents(ctx.db, ropeId, input.limit) };
}

/** The newest events of one smartrope, for its detail screen. */
export async function listSmartropeEvents({ ctx, actor, input }: ActionArgs<{ id: number; limit: number }>) {
  assertCan(actor, 'SMARTROPE_MANAGE');
  const smartrope = await findSmartrope(ctx, actor, input.id);
  return { events: await loadSmartropeEvents(ctx.db, eq(smartropeEvents.smartropeId, smartrope.id), input.limit) };
}
