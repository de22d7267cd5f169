import { createHash } from 'node:crypto';
import { auditLog } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { writeAudit } from './write-audit.ts';

const ACTION = 'impersonation.start';
/** Keys already in each app's audit log, so repeated calls of one session cost no query. */
const writtenBy = new WeakMap<AppContext, Set<string>>();

/** The session as the audit log names it: derived from its stored hash, of no use as a cookie. */
function sessionLabel(request: FastifyRequest | undefined): string {
  const idHash = request?.auth?.session?.idHash;
  return idHash ? createHash('sha256').update(`audit:${idHash}`).digest('hex').slice(0, 16) : 'api-key';
}

/** Writes `impersonation.start` the first time an actor views as a target within a session. */
export async function auditImpersonation(
  ctx: AppContext,
  request: FastifyRequest | undefined,
  actor: Actor,
  targetId: number,
) {
  const session = sessionLabel(request);
  const key = `${actor.userId}:${targetId}:${session}`;
  let written = writtenBy.get(ctx);
  if (!written) {
    written = new Set();
    writtenBy.set(ctx, written);
  }
  if (written.has(key)) return;
  const [existing] = await ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, ACTION),
        eq(auditLog.actorUserId, actor.userId),
        eq(auditLog.targetId, targetId),
        sql`${auditLog.details}->>'session' = ${session}`,
      ),
    )
    .limit(1);
  if (!existing) {
    await writeAudit(
      ctx.db,
      {
        action: ACTION,
        actorUserId: actor.userId,
        targetType: 'user',
        targetId,
        details: { session, url: request?.routeOptions.url },
      },
      request,
    );
  }
  if (written.size > 10_000) written.clear();
  written.add(key);
}
