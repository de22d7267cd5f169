import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { LiveBus } from './types.ts';

const PREFIX = 'rope-cockpit:live:';

/**
 * Redis pub/sub: one connection publishes, one listens for this process and fans out to its screens, subscribing
 * to a channel while at least one screen watches it.
 */
export function createRedisBus(url: string, onError: (error: Error) => void = () => {}): LiveBus {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: 2 });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  subscriber.on('message', (channel: string, text: string) => {
    if (!channel.startsWith(PREFIX)) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    local.emit(channel.slice(PREFIX.length), message);
  });
  return {
    async publish(topic, message) {
      await publisher.publish(PREFIX + topic, JSON.stringify(message));
    },
    async subscribe(topic, listener) {
      local.on(topic, listener);
      if (local.listenerCount(topic) === 1) await subscriber.subscribe(PREFIX + topic);
      return async () => {
        local.off(topic, listener);
        if (local.listenerCount(topic) === 0) await subscriber.unsubscribe(PREFIX + topic).catch(() => {});
      };
    },
    async close() {
      local.removeAllListeners();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
