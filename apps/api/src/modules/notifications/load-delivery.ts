import type { Db } from '@rope/db/client';
import { areas, installations, notificationDeliveries, notifications, users } from '@rope/db/schema/index';
import { eq, sql } from 'drizzle-orm';

/** One delivery with what its mail or SMS says and whether the recipient still wants it. */
export async function loadDelivery(db: Db, id: number) {
  const [row] = await db
    .select({
      id: notificationDeliveries.id,
      channel: notificationDeliveries.channel,
      text: notifications.text,
      details: notifications.details,
      type: notifications.type,
      triggeredAt: notifications.triggeredAt,
      ropeId: notifications.ropeId,
      installationId: installations.id,
      installationName: installations.name,
      timeZone: sql<string | null>`${installations.attributes}->>'timezone'`,
      areaId: areas.id,
      areaName: areas.name,
      email: users.email,
      phone: users.phone,
      languageId: users.languageId,
      isActive: users.isActive,
      notificationEnabled: users.notificationEnabled,
      unsubscribedAt: users.unsubscribedAt,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .innerJoin(installations, eq(installations.id, notifications.installationId))
    .innerJoin(areas, eq(areas.id, notifications.areaId))
    .innerJoin(users, eq(users.id, notificationDeliveries.userId))
    .where(eq(notificationDeliveries.id, id));
  if (!row) return undefined;
  return { ...row, wantsNotifications: row.isActive && row.notificationEnabled && !row.unsubscribedAt };
}

export type DeliveryDetails = NonNullable<Awaited<ReturnType<typeof loadDelivery>>>;
