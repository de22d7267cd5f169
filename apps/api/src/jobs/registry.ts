import type { AppContext } from '../context.ts';
import { RefusedJobError } from '../infra/queue/types.ts';
import { type JobDefinition, readPayload } from './define.ts';
import { deliverNotificationJob } from './deliver-notification.ts';
import { evaluateRulesJob } from './evaluate-rules.ts';
import { pruneOutboxJob } from './prune-outbox.ts';
import { QUEUES, type QueueName } from './queues.ts';
import { requestTruscanMeasurementJob } from './request-truscan-measurement.ts';
import { scanDueTasksJob } from './scan-due-tasks.ts';
import { sendMailJob } from './send-mail.ts';

/** Every job there is. A new one is added here, and to the samples of the job contract test. */
export const JOBS: readonly JobDefinition[] = [
  sendMailJob,
  evaluateRulesJob,
  scanDueTasksJob,
  deliverNotificationJob,
  pruneOutboxJob,
  requestTruscanMeasurementJob,
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
    if (!job.every) continue;
    ctx.queue.schedule({ queue: job.queue, name: job.name, everyMs: job.every(ctx.env), maxAttempts: job.maxAttempts });
  }
}
