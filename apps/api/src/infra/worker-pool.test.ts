import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createWorkerPool } from './worker-pool.ts';

describe('worker pool', () => {
  // On Linux a thread has a nice value of its own: the workers give way to the event loop, which keeps its own.
  it.runIf(process.platform === 'linux')(
    'runs its workers below the event loop, which keeps its priority',
    async () => {
      const before = getPriority();
      const pool = createWorkerPool<null, number>(
        new URL('../../test/fixtures/priority-worker.ts', import.meta.url),
        'priority-worker',
        {
          size: 1,
          timeoutMs: 10_000,
          maxQueued: 1,
        },
      );
      try {
        expect(await pool.run(null)).toBe(Math.min(19, before + 10));
        expect(getPriority()).toBe(before);
      } finally {
        await pool.close();
      }
    },
  );
});
