import { z } from 'zod';
import { defineJob } from '../infra/queue/define.ts';
import { stableMessageId } from './message-id.ts';

/** A mail of the sign-in and account flows (codes, links, resets); notification mails are deliveries. */
export const sendMailJob = defineJob({
  queue: 'mail',
  name: 'send',
  payload: z.object({
    to: z.email(),
    subject: z.string().min(1).max(300),
    text: z.string().max(100_000),
    html: z.string().max(200_000).optional(),
    link: z.string().max(2000).optional(),
  }),
  async handle(ctx, mail, job) {
    // Every run of one job sends the same Message-ID: a repeat is the same message to mail servers and clients.
    await ctx.mailer.send({ ...mail, messageId: await stableMessageId(ctx, 'mail', `job:${job.idempotencyKey}`) });
  },
});
