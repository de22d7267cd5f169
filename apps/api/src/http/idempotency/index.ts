export { keepAnswerWithWrite, registerIdempotency } from './plugin.ts';
export { pruneIdempotencyKeysJob } from './prune-job.ts';
