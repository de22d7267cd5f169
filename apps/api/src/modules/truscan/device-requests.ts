import { truscanRequests } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope } from '../ropes/index.ts';
import { loadTruscanRequests, publishTruscanState } from './state.ts';

/** The device's side: the measurements asked of it and not acknowledged yet, oldest first. */
export async function listPendingTruscanRequests({ ctx, actor, input }: ActionArgs<{ ropeId: number }>) {
  assertCan(actor, 'DATA_IMPORT');
  const { rope } = await findRope(ctx, actor, input.ropeId);
  const pending = await loadTruscanRequests(
    ctx.db,
    and(eq(truscanRequests.ropeId, rope.id), inArray(truscanRequests.status, ['queued', 'sent']))!,
    100,
  );
  return { requests: pending.reverse() };
}

/** The device took the request: acknowledged once, a repeat changes nothing. */
export async function acknowledgeTruscanRequest({
  ctx,
  actor,
  input,
}: ActionArgs<{ ropeId: number; requestId: number }>) {
  assertCan(actor, 'DATA_IMPORT');
  const { rope } = await findRope(ctx, actor, input.ropeId);
  const where = and(eq(truscanRequests.id, input.requestId), eq(truscanRequests.ropeId, rope.id));
  const [found] = await ctx.db.select({ id: truscanRequests.id }).from(truscanRequests).where(where);
  if (!found) throw notFound(message('app.errors.noSuchTruscanRequest'));
  const acknowledged = await ctx.db
    .update(truscanRequests)
    .set({ status: 'delivered', deliveredAt: sql`now()` })
    .where(and(where, isNull(truscanRequests.deliveredAt)))
    .returning({ id: truscanRequests.id });
  if (acknowledged.length > 0) await publishTruscanState(ctx, rope.id);
  const [request] = await loadTruscanRequests(ctx.db, eq(truscanRequests.id, found.id), 1);
  return { request: request! };
}
