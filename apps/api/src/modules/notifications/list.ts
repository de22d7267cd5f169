import { areas, installations, notifications, ropes } from '@rope/db/schema/index';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { NotificationView } from './schemas.ts';

/** Newest first; `where` narrows to one installation or to what the viewer sees. */
export async function listNotifications({
  ctx,
  where,
  limit,
}: {
  ctx: Pick<AppContext, 'db'>;
  where: SQL;
  limit: number;
}): Promise<NotificationView[]> {
  const rows = await ctx.db
    .select({
      id: notifications.id,
      triggeredAt: notifications.triggeredAt,
      type: notifications.type,
      threshold: notifications.threshold,
      text: notifications.text,
      installation: { id: installations.id, name: installations.name },
      areaId: notifications.areaId,
      rope: { id: ropes.id, name: ropes.name },
    })
    .from(notifications)
    .innerJoin(installations, eq(installations.id, notifications.installationId))
    .innerJoin(areas, eq(areas.id, notifications.areaId))
    .leftJoin(ropes, eq(ropes.id, notifications.ropeId))
    .where(and(where))
    .orderBy(desc(notifications.triggeredAt), desc(notifications.id))
    .limit(limit);
  return rows.map(({ areaId, triggeredAt, ...row }) => ({
    ...row,
    triggeredAt: triggeredAt.toISOString(),
    area: { id: areaId },
  }));
}
