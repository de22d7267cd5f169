import { ropeEventHistory, users } from '@rope/db/schema/index';
import { displayName } from '@rope/domain/users/schemas';
import { asc, eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { shownEmail } from '../users/index.ts';
import { findEvent } from './internal.ts';

/** Every version of the event, oldest first, with who made it. */
export async function listEventHistory({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  const { event } = await findEvent(ctx, actor, input.id);
  const rows = await ctx.db
    .select({ entry: ropeEventHistory, firstname: users.firstname, lastname: users.lastname, email: shownEmail() })
    .from(ropeEventHistory)
    .leftJoin(users, eq(users.id, ropeEventHistory.userId))
    .where(eq(ropeEventHistory.eventId, event.id))
    .orderBy(asc(ropeEventHistory.changedAt), asc(ropeEventHistory.id));
  const history = rows.map((row) => ({
    timestamp: row.entry.changedAt.toISOString(),
    action: row.entry.action,
    user: { name: displayName(row) },
    position: row.entry.position,
    attributes: row.entry.attributes,
  }));
  return { history };
}
