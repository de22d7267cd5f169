import type { AppContext } from '../context.ts';
import { MAIL_QUEUE, processMailJob } from './mail.ts';
import { registerNotificationProcessors } from './notifications.ts';

/** The processors of every queue; the worker and the inline queue register the same ones. */
export function registerJobProcessors(ctx: AppContext) {
  ctx.queue.handle(MAIL_QUEUE, processMailJob(ctx.mailer), { concurrency: ctx.env.QUEUE_CONCURRENCY });
  registerNotificationProcessors(ctx);
}
