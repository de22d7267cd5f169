import type { HandlerOptions } from '../infra/queue/types.ts';

/** Every queue and how its jobs run; a queue's concurrency defaults to QUEUE_CONCURRENCY. */
export const QUEUES = {
  /** Sign-in codes and links, password resets, account activation. */
  mail: {},
  /** Evaluation of notification rules and the due-task scan: cheap database work. */
  notifications: {},
  /**
   * A notification's mails and SMS: talks to the outside world, so it retries; the mails themselves are rate limited
   * (DELIVERY_RATE through Queue.take), a job limiter counting jobs, not mails.
   */
  deliveries: {},
  /** Webhook fan-out and deliveries: each endpoint's in order (a lease per endpoint), retried for a day. */
  webhooks: {},
  /** Commands to devices (a TRUscan measurement): they talk to a broker, so they retry. */
  devices: {},
  /** Housekeeping, one job at a time. */
  maintenance: { concurrency: 1 },
} satisfies Record<string, HandlerOptions>;

export type QueueName = keyof typeof QUEUES;
