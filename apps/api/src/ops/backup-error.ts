/** Refusals of a backup or restore that the operator can act on; the message says what to do. */
export class BackupError extends Error {}
