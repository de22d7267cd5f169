import { idSchema } from '@rope/domain/common';
import { z } from 'zod';
import { defineJob } from '../../infra/queue/define.ts';
import { deliverNotification } from './deliver.ts';
import { DELIVERY_MAX_ATTEMPTS } from './delivery-limits.ts';

/** One notification mail or SMS to one recipient. */
export const deliverNotificationJob = defineJob({
  queue: 'deliveries',
  name: 'deliver',
  payload: z.object({ deliveryId: idSchema }),
  maxAttempts: DELIVERY_MAX_ATTEMPTS,
  handle: (ctx, { deliveryId }, job) => deliverNotification(ctx, deliveryId, job.attempt),
});
