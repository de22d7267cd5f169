import { EventEmitter } from 'node:events';
import type { LiveBus } from './types.ts';

/** One process holds the screens and makes the changes: an event emitter is the whole bus. */
export function createInProcessBus(): LiveBus {
  const emitter = new EventEmitter();
  // Every open screen is a listener; a busy ropeway has many, none of them a leak.
  emitter.setMaxListeners(0);
  return {
    async publish(topic, message) {
      // A copy, as a bus between processes would deliver it: no listener shares the publisher's object.
      emitter.emit(topic, structuredClone(message));
    },
    async subscribe(topic, listener) {
      emitter.on(topic, listener);
      return async () => {
        emitter.off(topic, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
