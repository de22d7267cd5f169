import { z } from 'zod';
import { defineJob } from '../../infra/queue/define.ts';
import { pruneKeys } from './store.ts';

const BATCH = 5000;

/** Hourly, beside the outbox's prune: keys and answers past IDEMPOTENCY_KEEP_DAYS go. */
export const pruneIdempotencyKeysJob = defineJob({
  queue: 'maintenance',
  name: 'prune-idempotency-keys',
  payload: z.strictObject({}),
  maxAttempts: 3,
  every: () => 3600_000,
  async handle(ctx) {
    while ((await pruneKeys(ctx.db, BATCH)) === BATCH) {
      // A full batch: there may be more.
    }
  },
});
