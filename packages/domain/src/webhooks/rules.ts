/**
 * How deliveries are retried: after the first attempt fails, again after each of these waits (about a day in all,
 * Standard Webhooks' schedule shortened to one day). When the last one fails too the delivery is given up and its
 * endpoint disabled, with a mail to its owner; deliveries behind it wait until it is enabled again.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  8 * 3_600_000,
  8 * 3_600_000,
] as const;

/** After a secret is rotated the old one signs beside the new one this long, so receivers can switch over. */
export const WEBHOOK_SECRET_GRACE_MS = 24 * 3_600_000;

/** How long one attempt may take before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** How much of a receiver's answer is kept with the attempt. */
export const WEBHOOK_RESPONSE_KEPT_CHARS = 4_096;

/** How long deliveries and their attempts are kept. */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

/** Endpoints per mandator. */
export const WEBHOOK_ENDPOINTS_PER_MANDATOR = 20;

export const WEBHOOK_URL_MAX_LENGTH = 2_000;

/** The wait before the next attempt after `attempts` failed ones, or null when the delivery is given up. */
export function nextRetryDelayMs(attempts: number): number | null {
  return WEBHOOK_RETRY_DELAYS_MS[attempts - 1] ?? null;
}
