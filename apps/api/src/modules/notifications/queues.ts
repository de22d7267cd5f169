/** Evaluation of rules and the due-task scan: cheap database work. */
export const NOTIFICATIONS_QUEUE = 'notifications';
/** One job per mail or SMS: talks to the outside world, so it retries and is rate limited. */
export const DELIVERIES_QUEUE = 'deliveries';

export const JOB_EVALUATE = 'evaluate';
export const JOB_SCAN_DUE_TASKS = 'scan-due-tasks';
export const JOB_DELIVER = 'deliver';

/** 1 + 7 retries with doubling backoff from 2 s: a mail server may be away for about four minutes. */
export const DELIVERY_MAX_ATTEMPTS = 8;
/** What a mail relay or SMS gateway usually accepts from one sender. */
export const DELIVERY_RATE = { max: 100, durationMs: 1000 } as const;
