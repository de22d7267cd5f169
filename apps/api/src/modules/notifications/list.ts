import { areas, installations, notifications, ropes } from '@rope/db/schema/index';
import { and, desc, eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { notificationTextFor } from '../../mail/notification-texts.ts';
import { areaVisibleTo } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findInstallation } from '../installations/index.ts';
import type { NotificationView } from './schemas.ts';

/**
 * The newest notifications of what the actor sees, or of one installation, each worded in the Accept-Language of the
 * request (the web sends its interface language); one stored before its details were kept shows its English text.
 */
export async function listNotifications({
  ctx,
  actor,
  input,
  request,
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
      details: notifications.details,
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
  const language = request?.headers['accept-language'];
  const list = rows.map(({ areaId, triggeredAt, details, text, ...row }) => ({
    ...row,
    text: notificationTextFor({ details, text }, language),
    triggeredAt: triggeredAt.toISOString(),
    area: { id: areaId },
  }));
  return { notifications: list };
}
