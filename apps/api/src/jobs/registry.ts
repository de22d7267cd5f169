import type { AppContext } from '../context.ts';
import { pruneIdempotencyKeysJob } from '../http/idempotency/index.ts';
import { type JobDefinition, readPayload } from '../infra/queue/define.ts';
import { pruneOutboxJob } from '../infra/queue/prune-outbox-job.ts';
import { RefusedJobError } from '../infra/queue/types.ts';
import { sendMailJob } from '../mail/send-mail-job.ts';
import { cleanOldPhotosJob } from '../modules/documents/clean-old-photos-job.ts';
import { deliverNotificationJob, deliverNotificationsJob } from '../modules/notifications/deliver-notification-job.ts';
import { evaluateRulesJob } from '../modules/notifications/evaluate-rules-job.ts';
import { scanDueTasksJob } from '../modules/notifications/scan-due-tasks-job.ts';
import { requestTruscanMeasurementJob } from '../modules/truscan/request-measurement-job.ts';
import { drainWebhookJob } from '../modules/webhooks/drain.ts';
import { pruneWebhookDeliveriesJob } from '../modules/webhooks/prune-job.ts';
import { maintainEmbeddedDatabaseJob } from '../ops/embedded-maintenance-job.ts';
import { QUEUES, type QueueName } from './queues.ts';

/**
 * Every job there is. Each is defined by the module that owns its work (`<name>-job.ts` beside it); a new one is
 * listed here, on a queue of QUEUES, and given a sample in the job contract test.
 */
export const JOBS: readonly JobDefinition<Record<string, unknown>, QueueName>[] = [
  sendMailJob,
  evaluateRulesJob,
  scanDueTasksJob,
  deliverNotificationsJob,
  deliverNotificationJob,
  pruneOutboxJob,
  requestTruscanMeasurementJob,
  drainWebhookJob,
  pruneWebhookDeliveriesJob,
  pruneIdempotencyKeysJob,
  cleanOldPhotosJob,
  maintainEmbeddedDatabaseJob,
];

/**
 * Registers every job with the context's queue, and the schedules of the scheduled ones. The API process (inline
 * queue) and the worker (BullMQ) call this alike; the schedules start with `startProcessing`.
 */
export function registerJobs(ctx: AppContext) {
  for (const [queue, options] of Object.entries(QUEUES) as [QueueName, (typeof QUEUES)[QueueName]][]) {
    const byName = new Map(JOBS.filter((job) => job.queue === queue).map((job) => [job.name, job]));
    ctx.queue.handle(
      queue,
      async (job) => {
        const definition = byName.get(job.name);
        if (!definition) throw new RefusedJobError(`There is no job ${job.name} on the ${queue} queue`);
        await definition.handle(ctx, readPayload(definition, job.payload), job);
      },
      { concurrency: ctx.env.QUEUE_CONCURRENCY, ...options },
    );
  }
  for (const job of JOBS) {
    const everyMs = job.every?.(ctx.env);
    if (!everyMs) continue;
    ctx.queue.schedule({ queue: job.queue, name: job.name, everyMs, maxAttempts: job.maxAttempts });
  }
}
