import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { publicUrl } from '../../env.ts';
import type { Mail } from '../../infra/mailer.ts';
import { SmsRefused } from '../../infra/sms/sender.ts';
import { withoutContacts } from '../../infra/without-contacts.ts';
import { stableMessageId } from '../../mail/message-id.ts';
import { notificationMail, notificationSms } from '../../mail/notification-texts.ts';
import { unsubscribeLink } from '../../mail/unsubscribe-link.ts';
import { DELIVERY_MAX_ATTEMPTS } from './delivery-limits.ts';
import { claimDelivery, type DeliveryDetails } from './load-delivery.ts';

type Ctx = Pick<AppContext, 'db' | 'env' | 'mailer' | 'sms' | 'log'>;
type Message = { channel: 'email'; mail: Mail } | { channel: 'sms'; phone: string; text: string; reference: string };

/**
 * Sends one delivery's mail or SMS and marks the delivery sent. The delivery is first claimed as 'sending'
 * in its own commit; a job that finds it 'sending' knows an earlier attempt died between claim and mark, and sends
 * again (at-least-once: a safety alert sent twice beats one never sent). The repeat carries the same Message-ID,
 * so it is the same message to every mail server and client. A delivery already sent or failed is skipped, so a
 * job processed twice notifies once.
 */
export async function deliverNotification(ctx: Ctx, deliveryId: number, attempt: number) {
  const delivery = await claimDelivery(ctx.db, deliveryId);
  if (!delivery) return;
  if (delivery.previous === 'sending') ctx.log.warn({ deliveryId }, 'delivery interrupted before; sending it again');
  const started = performance.now();
  // One line per delivery, what an operator looks for: channel, id, attempt, result, duration; never the address.
  const end = async (status: 'sent' | 'failed' | 'pending', error: string | null) => {
    await finish(ctx, deliveryId, status, error);
    const line = {
      delivery: deliveryId,
      channel: delivery.channel,
      attempt,
      result: status === 'pending' ? 'retry' : status,
      ms: Math.round(performance.now() - started),
    };
    if (status === 'sent') ctx.log.info(line, 'notification delivered');
    else
      ctx.log.warn({ ...line, reason: error === null ? null : withoutContacts(error) }, 'notification not delivered');
  };
  if (!delivery.wantsNotifications) return end('failed', 'Recipient unsubscribed before sending');
  if (delivery.channel === 'sms' && !delivery.phone?.trim()) return end('failed', 'Recipient has no phone number');
  // Everything that reads the database or may fail is done before the send: between the server's acceptance and
  // the 'sent' mark (the window a crash turns into a repeat) there is nothing but that one update.
  const message = await compose(ctx, delivery);
  try {
    await transmit(ctx, message);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    if (isPermanent(error) || attempt >= DELIVERY_MAX_ATTEMPTS) return end('failed', reason);
    await end('pending', reason);
    throw error;
  }
  await end('sent', null);
}

/**
 * The Message-ID of a delivery's mail, `<delivery-<id>.<tag>@<public host>>`: the same on every attempt, and seeded
 * with the notification's time too, so a database rebuilt from scratch never reuses one.
 */
export function deliveryMessageId(ctx: Pick<AppContext, 'env' | 'db'>, delivery: { id: number; triggeredAt: Date }) {
  return stableMessageId(
    ctx,
    `delivery-${delivery.id}`,
    `delivery-${delivery.id}:${delivery.triggeredAt.toISOString()}`,
  );
}

async function compose(ctx: Ctx, delivery: DeliveryDetails): Promise<Message> {
  if (delivery.channel === 'sms') {
    const reference = `sms:${(await deliveryMessageId(ctx, delivery)).slice(1, -1)}`;
    const text = notificationSms(delivery.details, delivery.text, delivery.languageId);
    return { channel: 'sms', phone: delivery.phone!.trim(), text, reference };
  }
  const place = `/areas/${delivery.areaId}/installations/${delivery.installationId}`;
  const mail = notificationMail(
    {
      details: delivery.details,
      storedText: delivery.text,
      type: delivery.type,
      installationName: delivery.installationName,
      areaName: delivery.areaName,
      timeZone: delivery.timeZone,
      triggeredAt: delivery.triggeredAt,
      openLink: `${publicUrl(ctx.env)}${place}${delivery.ropeId ? `/ropes/${delivery.ropeId}` : ''}`,
      unsubscribeLink: await unsubscribeLink(ctx, delivery.email),
      reference: `delivery-${delivery.id}`,
    },
    delivery.languageId,
  );
  return { channel: 'email', mail: { to: delivery.email, ...mail, messageId: await deliveryMessageId(ctx, delivery) } };
}

/** Mail and SMS carry the same identity on every attempt: the Message-ID, and the gateway's idempotency key. */
function transmit(ctx: Ctx, message: Message): Promise<void> {
  return message.channel === 'sms'
    ? ctx.sms.send(message.phone, message.text, message.reference)
    : ctx.mailer.send(message.mail);
}

async function finish(ctx: Ctx, id: number, status: 'sent' | 'failed' | 'pending', error: string | null) {
  await ctx.db.execute(
    sql`update notification_deliveries set status = ${status}, last_error = ${error},
          sent_at = ${status === 'sent' ? sql`now()` : sql`sent_at`}
        where id = ${id} and status = 'sending'`,
  );
}

/**
 * A refusal that a retry cannot change: an SMTP 5xx answer (unknown mailbox, rejected sender), or an SMS provider's
 * refusal it calls permanent (a number that is none, a sender the account may not use).
 */
function isPermanent(error: unknown): boolean {
  if (error instanceof SmsRefused) return error.permanent;
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
