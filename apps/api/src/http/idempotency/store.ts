import { type Db, queryRows } from '@rope/db/client';
import { idempotentRequests } from '@rope/db/schema/index';
import { IDEMPOTENCY_KEEP_DAYS, IDEMPOTENCY_LEASE_SECONDS } from '@rope/domain/idempotency/rules';
import { and, eq, lt, sql } from 'drizzle-orm';

/** A key as the caller holds it. */
export interface KeyRef {
  userId: number;
  key: string;
}

/** The first answer under a key, as it was sent. */
export interface KeptAnswer {
  statusCode: number;
  contentType: string | null;
  answer: string | null;
}

export type Claim = { kind: 'claimed' } | { kind: 'reused' } | { kind: 'running' } | ({ kind: 'done' } & KeptAnswer);

const leaseEnd = () => sql`now() + make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS})`;
const matches = ({ userId, key }: KeyRef) =>
  and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key));

/**
 * Takes the key for a request with `fingerprint`, or tells why not: it was used for another request, a request under
 * it is running, or it is done (with the first answer). A running one whose lease ran out died before it committed
 * (its commit would have answered it, see keepAnswer), so the key is taken over.
 */
export async function claimKey(db: Db, ref: KeyRef, fingerprint: string): Promise<Claim> {
  const inserted = await db
    .insert(idempotentRequests)
    .values({ ...ref, fingerprint, state: 'running', leaseUntil: leaseEnd() })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  if (inserted.length > 0) return { kind: 'claimed' };
  const [row] = await db.select().from(idempotentRequests).where(matches(ref));
  // Pruned between the two statements: as good as new.
  if (!row) return claimKey(db, ref, fingerprint);
  if (row.fingerprint !== fingerprint) return { kind: 'reused' };
  if (row.state === 'done') {
    return { kind: 'done', statusCode: row.statusCode ?? 200, contentType: row.contentType, answer: row.answer };
  }
  const taken = await db
    .update(idempotentRequests)
    .set({ leaseUntil: leaseEnd() })
    .where(and(matches(ref), eq(idempotentRequests.state, 'running'), lt(idempotentRequests.leaseUntil, sql`now()`)))
    .returning({ key: idempotentRequests.key });
  return taken.length > 0 ? { kind: 'claimed' } : { kind: 'running' };
}

/** Keeps the answer under the key; in the write's own transaction where the verb does it (answered with the write). */
export async function keepAnswer(db: Db, ref: KeyRef, kept: KeptAnswer): Promise<void> {
  await db
    .update(idempotentRequests)
    .set({ state: 'done', ...kept })
    .where(and(matches(ref), eq(idempotentRequests.state, 'running')));
}

/** Gives the key back: the request changed nothing (refused, or failed), so the same key may try again. */
export async function releaseKey(db: Db, ref: KeyRef): Promise<void> {
  await db.delete(idempotentRequests).where(and(matches(ref), eq(idempotentRequests.state, 'running')));
}

/** Deletes keys past IDEMPOTENCY_KEEP_DAYS, a batch at a time; answers how many went. */
export async function pruneKeys(db: Db, batch: number): Promise<number> {
  const gone = await queryRows(
    db,
    sql`delete from idempotent_requests where (user_id, key) in (
          select user_id, key from idempotent_requests
          where created_at < now() - make_interval(days => ${IDEMPOTENCY_KEEP_DAYS})
          limit ${batch})
        returning 1`,
  );
  return gone.length;
}
