import { z } from 'zod';
import type { Mailer } from '../infra/mailer.ts';
import type { Job } from '../infra/queue/types.ts';

export const MAIL_QUEUE = 'mail';

export const mailJobSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().max(100_000),
  html: z.string().max(200_000).optional(),
  link: z.string().max(2000).optional(),
});
export type MailJob = z.infer<typeof mailJobSchema>;

export function processMailJob(mailer: Mailer) {
  return async (job: Job) => {
    await mailer.send(mailJobSchema.parse(job.payload));
  };
}
