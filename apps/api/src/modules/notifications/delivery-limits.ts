/** 1 + 7 retries with doubling backoff from 2 s: a mail server may be away for about four minutes. */
export const DELIVERY_MAX_ATTEMPTS = 8;
/** What a mail relay or SMS gateway usually accepts from one sender. */
export const DELIVERY_RATE = { max: 100, durationMs: 1000 } as const;
