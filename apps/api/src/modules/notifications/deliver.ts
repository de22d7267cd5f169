import { queryRows } from '@rope/db/client';
import { notificationMail, notificationSms } from '@rope/domain/notification-texts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { publicUrl } from '../../env.ts';
import type { Job } from '../../infra/queue/types.ts';
import { unsubscribeLink } from '../auth/unsubscribe-link.ts';
import { type DeliveryDetails, loadDelivery } from './load-delivery.ts';
import { DELIVERY_MAX_ATTEMPTS } from './queues.ts';

type Ctx = Pick<AppContext, 'db' | 'env' | 'mailer' | 'sms' | 'log'>;
const payloadSchema = z.object({ deliveryId: z.number().int().positive() });

/**
 * The deliver job: sends one mail or SMS and marks the delivery sent. The delivery is first claimed as 'sending'
 * in its own commit; a job that finds it 'sending' knows an earlier attempt died between claim and mark, and sends
 * again (at-least-once: a safety alert sent twice beats one never sent). A delivery already sent or failed is
 * skipped, so a job processed twice notifies once.
 */
export function processDelivery(ctx: Ctx) {
  return async (job: Job) => {
    const { deliveryId } = payloadSchema.parse(job.payload);
    const previous = await claim(ctx, deliveryId);
    if (!previous) return;
    if (previous === 'sending') ctx.log.warn({ deliveryId }, 'delivery interrupted before; sending it again');
    const delivery = await loadDelivery(ctx.db, deliveryId);
    if (!delivery) return;
    if (!delivery.wantsNotifications) return finish(ctx, deliveryId, 'failed', 'Recipient unsubscribed before sending');
    try {
      await send(ctx, delivery);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      if (isPermanent(error) || job.attempt >= DELIVERY_MAX_ATTEMPTS) return finish(ctx, deliveryId, 'failed', message);
      await finish(ctx, deliveryId, 'pending', message);
      throw error;
    }
    await finish(ctx, deliveryId, 'sent', null);
  };
}

async function claim(ctx: Ctx, id: number): Promise<string | undefined> {
  const rows = await queryRows<{ previous: string }>(
    ctx.db,
    sql`with previous as (
          select id, status from notification_deliveries where id = ${id} and status in ('pending', 'sending') for update)
        update notification_deliveries d set status = 'sending', attempts = d.attempts + 1
        from previous where d.id = previous.id
        returning previous.status as previous`,
  );
  return rows[0]?.previous;
}

async function send(ctx: Ctx, delivery: DeliveryDetails) {
  if (delivery.channel === 'sms') {
    if (!delivery.phone?.trim()) throw new PermanentError('Recipient has no phone number');
    await ctx.sms.send(delivery.phone, notificationSms(delivery.text));
    return;
  }
  const place = `/areas/${delivery.areaId}/installations/${delivery.installationId}`;
  const mail = notificationMail({
    text: delivery.text,
    type: delivery.type,
    installationName: delivery.installationName,
    areaName: delivery.areaName,
    triggeredAt: delivery.triggeredAt,
    openLink: `${publicUrl(ctx.env)}${place}${delivery.ropeId ? `/ropes/${delivery.ropeId}` : ''}`,
    unsubscribeLink: await unsubscribeLink(ctx, delivery.email),
    reference: `delivery-${delivery.id}`,
  });
  await ctx.mailer.send({ to: delivery.email, ...mail });
}

async function finish(ctx: Ctx, id: number, status: 'sent' | 'failed' | 'pending', error: string | null) {
  await ctx.db.execute(
    sql`update notification_deliveries set status = ${status}, last_error = ${error},
          sent_at = ${status === 'sent' ? sql`now()` : sql`sent_at`}
        where id = ${id} and status = 'sending'`,
  );
}

class PermanentError extends Error {}

/** A refusal that a retry cannot change: an SMTP 5xx answer (unknown mailbox, rejected sender) or bad data. */
function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentError) return true;
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
