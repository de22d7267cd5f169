import type { AppContext } from '../context.ts';
import { pruneOutbox } from '../infra/queue/outbox.ts';
import type { Job } from '../infra/queue/types.ts';
import { processDelivery } from '../modules/notifications/deliver.ts';
import { processEvaluate } from '../modules/notifications/evaluate.ts';
import {
  DELIVERIES_QUEUE,
  DELIVERY_RATE,
  JOB_EVALUATE,
  JOB_SCAN_DUE_TASKS,
  NOTIFICATIONS_QUEUE,
} from '../modules/notifications/queues.ts';
import { processScanDueTasks } from '../modules/notifications/scan-due-tasks.ts';

/** Rule evaluation and the due-task scan on one queue, mail and SMS on a rate-limited one. */
export function registerNotificationProcessors(ctx: AppContext) {
  const evaluate = processEvaluate(ctx);
  const scan = processScanDueTasks(ctx);
  ctx.queue.handle(
    NOTIFICATIONS_QUEUE,
    async (job: Job) => {
      if (job.name === JOB_EVALUATE) return evaluate(job);
      if (job.name === JOB_SCAN_DUE_TASKS) {
        // The periodic job also keeps the outbox from growing without end.
        await pruneOutbox(ctx.db);
        return scan();
      }
      throw new Error(`Unknown job ${job.name} on ${NOTIFICATIONS_QUEUE}`);
    },
    { concurrency: ctx.env.QUEUE_CONCURRENCY },
  );
  ctx.queue.handle(DELIVERIES_QUEUE, processDelivery(ctx), {
    concurrency: ctx.env.QUEUE_CONCURRENCY,
    limiter: DELIVERY_RATE,
  });
}
