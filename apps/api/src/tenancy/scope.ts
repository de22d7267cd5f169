import { areas, type installations, type ropes, users } from '@rope/db/schema/index';
import { type Actor, can, visibleMandators } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { auditImpersonation } from '../audit/audit-impersonation.ts';
import { AppError, forbidden, notFound } from '../http/app-error.ts';
import type { ActionArgs } from '../modules/action-args.ts';
import { actorForUser } from '../session/load-actor.ts';

/**
 * The actor whose view a call shows: the caller, or with `showAsUser` and the impersonate right exactly what that
 * user would see. Every call that honours it is audited, once per actor, target and session.
 */
export async function viewerFor(
  { ctx, actor, request }: Omit<ActionArgs<unknown>, 'input'>,
  showAsUser: number | undefined,
): Promise<Actor> {
  if (showAsUser === undefined || showAsUser === actor.userId) return actor;
  if (!can(actor, 'IMPERSONATE_USER')) throw forbidden(message('app.errors.viewAsForbidden'));
  const [target] = await ctx.db
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(eq(users.id, showAsUser));
  if (!target) throw notFound(message('app.errors.noSuchUser'));
  await auditImpersonation(ctx, request, actor, target.id);
  return actorForUser(ctx.db, target, 'session');
}

/** The SQL condition "this area belongs to a mandator the viewer sees". */
export function areaVisibleTo(viewer: Actor): SQL {
  const visible = visibleMandators(viewer);
  if (visible === 'all') return sql`true`;
  if (visible.length === 0) return sql`false`;
  return inArray(areas.mandatorId, [...visible]);
}

export type AreaRow = typeof areas.$inferSelect;
export type InstallationRow = typeof installations.$inferSelect;
export type RopeRow = typeof ropes.$inferSelect;

/** Archived items are read-only; the one change allowed is taking the item itself out of the archive. */
export function assertWritable(chain: { isDeleted: boolean }[], restoring = false): void {
  const [self, ...parents] = chain;
  if (parents.some((parent) => parent.isDeleted)) throw archived();
  if (self?.isDeleted && !restoring) throw archived();
}

/** 422 for a change under an archived item. */
export const archived = () => new AppError('RULE_VIOLATION', message('app.errors.archivedReadOnly'));
