import { z } from 'zod';
import { defineJob } from './define.ts';
import { pruneOutbox } from './outbox.ts';

/** Hourly: each run deletes every row past the retention, a batch at a time. */
export const OUTBOX_PRUNE_INTERVAL_MS = 3600_000;
const BATCH = 5000;

/** Keeps the outbox from growing without end (retention: OUTBOX_RETENTION_DAYS). */
export const pruneOutboxJob = defineJob({
  queue: 'maintenance',
  name: 'prune-outbox',
  payload: z.strictObject({}),
  maxAttempts: 3,
  every: () => OUTBOX_PRUNE_INTERVAL_MS,
  async handle(ctx) {
    while ((await pruneOutbox(ctx.db, BATCH)) === BATCH) {
      // A full batch: there may be more.
    }
  },
});
