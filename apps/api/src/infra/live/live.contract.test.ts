import { afterAll, describe, expect, it } from 'vitest';
import { redisUnreachable } from '../../../test/support/notifications.ts';
import { createInProcessBus } from './in-process.ts';
import { createRedisBus } from './redis.ts';
import type { LiveBus } from './types.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisMissing = await redisUnreachable(REDIS_URL);

/** Subscribes and waits for the next `count` messages the subscription receives. */
async function collect(bus: LiveBus, topic: string, count: number) {
  const received: unknown[] = [];
  let resolve: (messages: unknown[]) => void = () => {};
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<unknown[]>((ok, fail) => {
    resolve = ok;
    timer = setTimeout(() => fail(new Error(`only ${received.length} of ${count} messages`)), 3_000);
  });
  // Awaited or not, a wait that ran out must not surface later in another test file's run.
  done.catch(() => {});
  const unsubscribe = await bus.subscribe(topic, (message) => {
    received.push(message);
    if (received.length === count) {
      clearTimeout(timer);
      resolve(received);
    }
  });
  const stop = async () => {
    clearTimeout(timer);
    await unsubscribe();
  };
  return { done, received, stop };
}

const adapters: { name: string; skip?: string; open(): LiveBus[] }[] = [
  { name: 'in-process', open: () => [createInProcessBus()].flatMap((bus) => [bus, bus]) },
  {
    name: `Redis pub/sub${redisMissing ? ` (skipped: ${redisMissing})` : ''}`,
    skip: redisMissing,
    // Two buses as two processes: what one publishes, the other's screens receive.
    open: () => [createRedisBus(REDIS_URL), createRedisBus(REDIS_URL)],
  },
];

describe.each(adapters.map((adapter) => [adapter.name, adapter] as const))(
  'live bus contract: %s',
  (_name, adapter) => {
    const opened: LiveBus[] = [];
    afterAll(async () => {
      for (const bus of new Set(opened)) await bus.close();
    });
    const open = () => {
      const buses = adapter.open();
      opened.push(...buses);
      return buses as [LiveBus, LiveBus];
    };

    it.skipIf(Boolean(adapter.skip))(
      'delivers what is published on a topic to every listener of it, in order',
      async () => {
        const [publisher, screens] = open();
        const topic = `contract:${process.pid}:${Date.now()}`;
        const first = await collect(screens, topic, 2);
        const second = await collect(screens, topic, 2);
        const other = await collect(screens, `${topic}:other`, 1);
        await publisher.publish(topic, { status: 'measuring', ropeSpeed: 5 });
        await publisher.publish(topic, { status: 'uploading' });
        expect(await first.done).toEqual([{ status: 'measuring', ropeSpeed: 5 }, { status: 'uploading' }]);
        expect(await second.done).toEqual([{ status: 'measuring', ropeSpeed: 5 }, { status: 'uploading' }]);
        await first.stop();
        await second.stop();
        expect(other.received, 'another topic hears nothing').toEqual([]);
        await other.stop();
      },
    );

    it.skipIf(Boolean(adapter.skip))('stops delivering to a listener that unsubscribed', async () => {
      const [publisher, screens] = open();
      const topic = `contract:${process.pid}:${Date.now()}:stop`;
      const kept = await collect(screens, topic, 2);
      const left = await collect(screens, topic, 1);
      await publisher.publish(topic, 1);
      expect(await left.done).toEqual([1]);
      await left.stop();
      await publisher.publish(topic, 2);
      expect(await kept.done).toEqual([1, 2]);
      await kept.stop();
    });
  },
);
