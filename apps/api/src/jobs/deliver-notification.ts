import { idSchema } from '@rope/domain/common';
import { z } from 'zod';
import { deliverNotification } from '../modules/notifications/deliver.ts';
import { DELIVERY_MAX_ATTEMPTS } from '../modules/notifications/delivery-limits.ts';
import { defineJob } from './define.ts';

/** One notification mail or SMS to one recipient. */
export const deliverNotificationJob = defineJob({
  queue: 'deliveries',
  name: 'deliver',
  payload: z.object({ deliveryId: idSchema }),
  maxAttempts: DELIVERY_MAX_ATTEMPTS,
  handle: (ctx, { deliveryId }, job) => deliverNotification(ctx, deliveryId, job.attempt),
});
