/**
 * A write named by the client (IETF draft "The Idempotency-Key HTTP Header Field"): sent again under the same key by
 * the same person, it is done once and the first answer comes back. What a device queues offline relies on it: an
 * answer lost on a bad line is asked for again, never done twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer that is the kept first one, not a new one. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Visible ASCII, no spaces: a UUID, a ULID or any token a client makes. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;
/**
 * How long a key and its answer are kept. A device whose answer was lost resends when it next has a signal, which in
 * a valley can be weeks later.
 */
export const IDEMPOTENCY_KEEP_DAYS = 30;
/**
 * How long a request under a key may run before another with that key may take it over (its process died before it
 * committed): longer than any write takes, an upload of 50 MiB over a slow line included.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 600;
/** When a request under the key is still running: the seconds a client waits before asking again. */
export const IDEMPOTENCY_RETRY_AFTER_SECONDS = 5;

/** Whether `key` is a usable Idempotency-Key. */
export function isIdempotencyKey(key: string): boolean {
  return key.length > 0 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH && IDEMPOTENCY_KEY_PATTERN.test(key);
}
