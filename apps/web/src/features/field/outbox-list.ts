import type { DeviceDb, OutboxEntry } from '../../lib/device-store';

// Apart from the queue's work (outbox-work.ts): every page lists the queue, and loads the rest only when entries wait.

/** The user's queued writes in the order they were made; an event's photos right after it. */
export async function listOutbox(db: DeviceDb, userId: number): Promise<OutboxEntry[]> {
  const entries = await db.getAllFromIndex('outbox', 'byUser', userId);
  entries.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  const ids = new Set(entries.map((entry) => entry.id));
  const following = (id: string) => entries.filter((entry) => entry.afterEntryId === id);
  return entries
    .filter((entry) => !entry.afterEntryId || !ids.has(entry.afterEntryId))
    .flatMap((entry) => [entry, ...following(entry.id)]);
}
