import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../context.ts';
import type { RateLimit } from '../../infra/queue/types.ts';
import { deliverNotification } from './deliver.ts';
import { DELIVERY_RATE, DELIVERY_RATE_KEY } from './delivery-limits.ts';

type Ctx = Pick<AppContext, 'db' | 'env' | 'mailer' | 'sms' | 'log' | 'queue'>;

/**
 * A notification's deliveries, one after the other, at no more than the delivery rate over all workers. Each is
 * claimed, sent and marked on its own (deliverNotification), so a crash repeats at most the one being sent. A
 * temporary failure leaves that delivery pending and the others are still tried; the job then fails with it, and its
 * retry sends only what is still pending (a delivery sent or failed is skipped).
 */
export async function deliverNotifications(
  ctx: Ctx,
  deliveryIds: readonly number[],
  attempt: number,
  limit: RateLimit = DELIVERY_RATE,
) {
  let failure: unknown;
  let allowed = 0;
  for (const [index, deliveryId] of deliveryIds.entries()) {
    while (allowed === 0) {
      const allowance = await ctx.queue.take(DELIVERY_RATE_KEY, deliveryIds.length - index, limit);
      allowed = allowance.granted;
      if (allowed === 0) await sleep(allowance.retryInMs);
    }
    allowed -= 1;
    try {
      await deliverNotification(ctx, deliveryId, attempt);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
}
