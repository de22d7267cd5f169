import { areas, installations, notifications, ropes } from '@rope/db/schema/index';
import { and, desc, eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { areaVisibleTo } from '../hierarchy/scope.ts';
import { findInstallation } from '../installations/internal.ts';
import type { NotificationView } from './schemas.ts';

/** The newest notifications of what the actor sees, or of one installation. */
export async function listNotifications({
  ctx,
  actor,
  input,
}: ActionArgs<{ limit: number; installationId?: number }>): Promise<{ notifications: NotificationView[] }> {
  assertCan(actor, 'DOMAIN_READ');
  const where =
    input.installationId === undefined
      ? areaVisibleTo(actor)
      : eq(installations.id, (await findInstallation(ctx, actor, input.installationId)).installation.id);
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
    .limit(input.limit);
  const list = rows.map(({ areaId, triggeredAt, ...row }) => ({
    ...row,
    triggeredAt: triggeredAt.toISOString(),
    area: { id: areaId },
  }));
  return { notifications: list };
}
