import { Redis } from 'ioredis';

/**
 * Empties the bench's own Redis database before a run. Each run has a new PostgreSQL database, whose outbox ids start
 * at 1 again; a tree from before b3b7122 named its jobs in Redis by that id alone, so from a run's second time on Redis
 * took them for the earlier run's finished jobs and dropped them, and the worker measured idle.
 */
export async function emptyRedisDatabase(url: URL): Promise<void> {
  const client = new Redis(url.toString(), { maxRetriesPerRequest: 1 });
  try {
    await client.flushdb();
  } finally {
    client.disconnect();
  }
}
