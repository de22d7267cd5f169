// The queue's work, loaded when it is first needed: the first download of a screen carries only its context.
export { discardEntry, enqueueAll, resolveConflict, retryEntry } from './outbox';
export { sendEntry } from './send-entry';
export { syncOutbox } from './sync';
