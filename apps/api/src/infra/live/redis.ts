import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { LiveBus } from './types.ts';

const PREFIX = 'rope-cockpit:live:';
const PUBLISH_WAIT_MS = 500;

/** Resolves when the connection is ready, fails when it is not within `ms`. */
function connected(client: Redis, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', ready);
      reject(new Error('Redis is not reachable'));
    }, ms);
    const ready = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', ready);
  });
}

/**
 * Redis pub/sub: one connection publishes, one listens for this process and fans out to its screens, subscribing
 * to a channel while at least one screen watches it.
 */
export function createRedisBus(url: string, onError: (error: Error) => void = () => {}): LiveBus {
  // No offline queue: while Redis is away a publish would wait for reconnects (seconds), holding up the write it
  // follows. It waits at most PUBLISH_WAIT_MS for a connection instead, then fails (the caller logs and drops it).
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
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
      if (publisher.status !== 'ready') await connected(publisher, PUBLISH_WAIT_MS);
      await publisher.publish(PREFIX + topic, JSON.stringify(message));
    },
    async subscribe(topic, listener) {
      local.on(topic, listener);
      if (local.listenerCount(topic) === 1) {
        try {
          await subscriber.subscribe(PREFIX + topic);
        } catch (error) {
          // Not listening after all: the next try must subscribe again.
          local.off(topic, listener);
          throw error;
        }
      }
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
