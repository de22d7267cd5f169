import type { Db } from '@rope/db/client';
import { ropes, truscanRequests, users } from '@rope/db/schema/index';
import type { TruscanAttributes } from '@rope/domain/ropes/schemas';
import type { TruscanRequestStatus } from '@rope/domain/truscan/figures';
import type { TruscanRequestView, TruscanStateAnswer } from '@rope/domain/truscan/schemas';
import { displayName } from '@rope/domain/users/fields';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { shownEmail } from '../users/index.ts';

/** The live topic of one rope's TRUscan panel. */
export const truscanTopic = (ropeId: number) => `truscan:${ropeId}`;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** Measurement requests matching `where`, newest first, as the panel and the device read them. */
export async function loadTruscanRequests(db: Db, where: SQL, limit: number): Promise<TruscanRequestView[]> {
  const rows = await db
    .select({
      request: truscanRequests,
      firstname: users.firstname,
      lastname: users.lastname,
      email: shownEmail(),
    })
    .from(truscanRequests)
    .leftJoin(users, eq(users.id, truscanRequests.requestedByUserId))
    .where(where)
    .orderBy(desc(truscanRequests.requestedAt), desc(truscanRequests.id))
    .limit(limit);
  return rows.map(toRequestView);
}

type RequestRow = {
  request: typeof truscanRequests.$inferSelect;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
};

/** A measurement request as the panel and the device read it, from its row and the person who asked. */
export function toRequestView({ request, ...person }: RequestRow): TruscanRequestView {
  return {
    id: request.id,
    reason: request.reason,
    status: request.status as TruscanRequestStatus,
    requestedAt: request.requestedAt.toISOString(),
    requestedBy:
      request.requestedByUserId === null ? null : { id: request.requestedByUserId, name: displayName(person) },
    sentAt: iso(request.sentAt),
    deliveredAt: iso(request.deliveredAt),
  };
}

export async function loadTruscanState(db: Db, ropeId: number): Promise<TruscanStateAnswer> {
  const [rope] = await db
    .select({ truscanAttributes: ropes.truscanAttributes })
    .from(ropes)
    .where(eq(ropes.id, ropeId));
  return truscanStateOf(db, ropeId, rope?.truscanAttributes);
}

/** The panel's state of a rope whose TRUscan attributes the caller has read already. */
export async function truscanStateOf(db: Db, ropeId: number, truscanAttributes: unknown): Promise<TruscanStateAnswer> {
  const [request] = await loadTruscanRequests(db, eq(truscanRequests.ropeId, ropeId), 1);
  return { truscanAttributes: (truscanAttributes ?? {}) as TruscanAttributes, request: request ?? null };
}

/**
 * Tells the open panels of the rope what changed. A failed push loses nothing: the panel reads the state again when
 * it reconnects, so the change that caused it is never undone for it.
 */
export async function publishTruscanState(ctx: Pick<AppContext, 'db' | 'live' | 'log'>, ropeId: number) {
  try {
    await ctx.live.publish(truscanTopic(ropeId), await loadTruscanState(ctx.db, ropeId));
  } catch (error) {
    ctx.log.warn({ err: error, ropeId }, 'TRUscan state not pushed to open screens');
  }
}
