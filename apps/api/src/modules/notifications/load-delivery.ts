import { type Db, queryRows } from '@rope/db/client';
import type { NotificationTextInput } from '@rope/domain/notifications/texts';
import { sql } from 'drizzle-orm';

interface ClaimedRow extends Record<string, unknown> {
  previous: string;
  id: number;
  channel: 'email' | 'sms';
  text: string;
  details: NotificationTextInput | null;
  type: string;
  triggered_ms: string | number;
  rope_id: number | null;
  installation_id: number;
  installation_name: string;
  time_zone: string | null;
  area_id: number;
  area_name: string;
  email: string;
  phone: string | null;
  language_id: string;
  wants_notifications: boolean;
}

/**
 * Claims a pending delivery (or one an earlier attempt left 'sending') as 'sending', committed on its own, and
 * answers what its mail or SMS says and whether the recipient still wants it, with the status it had: one
 * statement. Nothing when the delivery is already sent or failed, or gone.
 */
export async function claimDelivery(db: Db, id: number) {
  const [row] = await queryRows<ClaimedRow>(
    db,
    sql`with previous as (
          select id, status from notification_deliveries where id = ${id} and status in ('pending', 'sending') for update),
        claimed as (
          update notification_deliveries d set status = 'sending', attempts = d.attempts + 1
          from previous where d.id = previous.id
          returning d.id, d.channel, d.notification_id, d.user_id, previous.status as previous)
        select c.previous, c.id, c.channel, n.text, n.details, n.type,
          floor(extract(epoch from n.triggered_at) * 1000)::bigint as triggered_ms, n.rope_id,
          i.id as installation_id, i.name as installation_name, i.attributes ->> 'timezone' as time_zone,
          a.id as area_id, a.name as area_name, u.email, u.phone, u.language_id,
          (u.is_active and u.notification_enabled and u.unsubscribed_at is null) as wants_notifications
        from claimed c
        join notifications n on n.id = c.notification_id
        join installations i on i.id = n.installation_id
        join areas a on a.id = n.area_id
        join users u on u.id = c.user_id`,
  );
  if (!row) return undefined;
  return {
    previous: row.previous,
    id: Number(row.id),
    channel: row.channel,
    text: row.text,
    details: row.details,
    type: row.type,
    // Exactly the millisecond Drizzle's Date of the column holds: the Message-ID is made from it on every attempt.
    triggeredAt: new Date(Number(row.triggered_ms)),
    ropeId: row.rope_id === null ? null : Number(row.rope_id),
    installationId: Number(row.installation_id),
    installationName: row.installation_name,
    timeZone: row.time_zone,
    areaId: Number(row.area_id),
    areaName: row.area_name,
    email: row.email,
    phone: row.phone,
    languageId: row.language_id,
    wantsNotifications: row.wants_notifications,
  };
}

export type DeliveryDetails = NonNullable<Awaited<ReturnType<typeof claimDelivery>>>;
