// The TRUscan panel's figures, without zod: the rope page shows them before any form has loaded.

export const TRUSCAN_REQUEST_STATUSES = ['queued', 'sent', 'delivered'] as const;
export type TruscanRequestStatus = (typeof TRUSCAN_REQUEST_STATUSES)[number];

export const TRUSCAN_REASON_MAX_LENGTH = 500;

/** The waiting time as the panel shows it: the device counts seconds, the operator hours. */
export function waitingHours(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : seconds / 3600;
}

/** Upload speed in KiB/s from the amount uploaded (bytes) and the time it took (seconds); none before a second. */
export function uploadSpeedKiBps(amountBytes: number | undefined, seconds: number | undefined): number | undefined {
  if (amountBytes === undefined || seconds === undefined || seconds <= 0) return undefined;
  return amountBytes / 1024 / seconds;
}
