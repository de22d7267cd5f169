import { idSchema } from '@rope/domain/common';
import { z } from 'zod';
import { defineJob } from '../../infra/queue/define.ts';
import { deliverNotifications } from './deliver-all.ts';
import { DELIVERIES_PER_JOB, DELIVERY_MAX_ATTEMPTS } from './delivery-limits.ts';

/** A notification's mails and SMS (up to DELIVERIES_PER_JOB of them), one recipient and channel each. */
export const deliverNotificationsJob = defineJob({
  queue: 'deliveries',
  name: 'deliver-all',
  payload: z.object({ deliveryIds: z.array(idSchema).min(1).max(DELIVERIES_PER_JOB) }),
  maxAttempts: DELIVERY_MAX_ATTEMPTS,
  handle: (ctx, { deliveryIds }, job) => deliverNotifications(ctx, deliveryIds, job.attempt),
});

/** One delivery a job: what notifications queued before deliveries went together, still run after an upgrade. */
export const deliverNotificationJob = defineJob({
  queue: 'deliveries',
  name: 'deliver',
  payload: z.object({ deliveryId: idSchema }),
  maxAttempts: DELIVERY_MAX_ATTEMPTS,
  handle: (ctx, { deliveryId }, job) => deliverNotifications(ctx, [deliveryId], job.attempt),
});
