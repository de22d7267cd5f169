import { ropeEventHistory, users } from '@rope/db/schema/index';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';

export async function listEventHistory({ ctx, eventId }: { ctx: AppContext; eventId: number }) {
  const rows = await ctx.db
    .select({ entry: ropeEventHistory, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(ropeEventHistory)
    .leftJoin(users, eq(users.id, ropeEventHistory.userId))
    .where(eq(ropeEventHistory.eventId, eventId))
    .orderBy(asc(ropeEventHistory.changedAt), asc(ropeEventHistory.id));
  return rows.map((row) => ({
    timestamp: row.entry.changedAt.toISOString(),
    action: row.entry.action,
    user: { name: [row.firstname, row.lastname].filter(Boolean).join(' ') || row.email || '' },
    position: row.entry.position,
    attributes: row.entry.attributes,
  }));
}
