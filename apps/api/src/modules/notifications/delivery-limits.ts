/** 1 + 7 retries with doubling backoff from 2 s: a mail server may be away for about four minutes. */
export const DELIVERY_MAX_ATTEMPTS = 8;
/** What a mail relay or SMS gateway usually accepts from one sender: mails and SMS, over all workers. */
export const DELIVERY_RATE = { max: 100, durationMs: 1000 } as const;
/** The rate limit's key (Queue.take). */
export const DELIVERY_RATE_KEY = 'deliveries';
/**
 * A notification's deliveries per job: one job carries them all for the usual installation, and a retry walks at
 * most this many, each already sent costing one statement.
 */
export const DELIVERIES_PER_JOB = 50;
