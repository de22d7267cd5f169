import type { Db } from '@rope/db/client';
import { notificationDeliveries, notifications } from '@rope/db/schema/index';
import type { NOTIFICATION_CHANNELS } from '@rope/domain/notifications/schemas';
import type { NotificationTextInput } from '@rope/domain/notifications/texts';
import type { AppContext } from '../../context.ts';
import { jobRequest } from '../../infra/queue/define.ts';
import { sentTogether } from '../../infra/sent-together.ts';
import { notificationText } from '../../mail/notification-texts.ts';
import { emitWebhookEvent, linksOf } from '../webhooks/index.ts';
import { deliverNotificationsJob } from './deliver-notification-job.ts';
import { DELIVERIES_PER_JOB } from './delivery-limits.ts';
import { loadRecipients } from './recipients.ts';

export interface NewNotification {
  installationId: number;
  areaId: number;
  mandatorId: number;
  ropeId: number | null;
  type: string;
  threshold: number | null;
  /** What it says: stored as data and in English; each recipient's mail words it in their language. */
  details: NotificationTextInput;
  idempotencyKey: string;
  channels: readonly (typeof NOTIFICATION_CHANNELS)[number][];
  userIds: readonly number[];
  /** About an internal task: its webhook goes only to endpoints whose owner reads internal tasks. */
  internal?: boolean;
}

/**
 * Inside the caller's transaction: the notification, one delivery per recipient and enabled channel, and one job for
 * its deliveries (one per DELIVERIES_PER_JOB), the jobs written in one statement. A key seen before writes nothing,
 * so a trigger processed twice notifies once.
 */
export async function writeNotification(tx: Db, ctx: Pick<AppContext, 'queue' | 'env'>, input: NewNotification) {
  const [row] = await tx
    .insert(notifications)
    .values({
      installationId: input.installationId,
      areaId: input.areaId,
      ropeId: input.ropeId,
      type: input.type,
      threshold: input.threshold,
      text: notificationText(input.details),
      details: input.details,
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing({ target: notifications.idempotencyKey })
    .returning({ id: notifications.id });
  if (!row) return { notificationId: null, deliveries: 0 };
  const [, recipients] = await sentTogether([
    emitNotificationWebhook(tx, ctx, row.id, input),
    loadRecipients(tx, input.mandatorId, input.userIds),
  ]);
  const wanted = recipients.flatMap((recipient) =>
    input.channels
      .filter((channel) => channel === 'email' || Boolean(recipient.phone?.trim()))
      .map((channel) => ({ notificationId: row.id, userId: recipient.id, channel })),
  );
  if (wanted.length === 0) return { notificationId: row.id, deliveries: 0 };
  const deliveries = await tx
    .insert(notificationDeliveries)
    .values(wanted)
    .returning({ id: notificationDeliveries.id });
  await ctx.queue.enqueue(deliveryJobs(deliveries.map((delivery) => delivery.id)), tx);
  return { notificationId: row.id, deliveries: deliveries.length };
}

/** The jobs that send a notification's deliveries: DELIVERIES_PER_JOB a job, keyed by the first. */
export function deliveryJobs(ids: readonly number[]) {
  const jobs = [];
  for (let start = 0; start < ids.length; start += DELIVERIES_PER_JOB) {
    const deliveryIds = ids.slice(start, start + DELIVERIES_PER_JOB);
    jobs.push(jobRequest(deliverNotificationsJob, { deliveryIds }, `deliver-all:${deliveryIds[0]}`));
  }
  return jobs;
}

/** The webhook of a notification: what it says as data, whoever its recipients are. */
function emitNotificationWebhook(tx: Db, ctx: Pick<AppContext, 'queue' | 'env'>, id: number, input: NewNotification) {
  return emitWebhookEvent(tx, ctx, {
    type: 'notification.triggered',
    key: String(id),
    place: input.ropeId === null ? { installationId: input.installationId } : { ropeId: input.ropeId },
    internal: Boolean(input.internal),
    objects: {
      notification: {
        id,
        type: input.type,
        threshold: input.threshold,
        text: notificationText(input.details),
        details: input.details,
        links: linksOf(ctx, {
          cockpit: `/areas/${input.areaId}/installations/${input.installationId}`,
          api: `/installations/${input.installationId}/notifications`,
        }),
      },
    },
  });
}
