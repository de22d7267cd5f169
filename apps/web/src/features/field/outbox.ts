import type { DeviceDb, OutboxEntry, OutboxFailure } from '../../lib/device-store';
import { createdEventId, withEventId } from './photo-entry';
import { keepMine, type TaskFields, takeTheirs, taskBodyOf } from './task-entry';

export { listOutbox } from './outbox-list';

type NewEntry = Pick<OutboxEntry, 'userId' | 'ropeId' | 'ropeName' | 'kind' | 'body' | 'files' | 'afterEntryId'> & {
  id?: string;
};

/** Queues a write; its id (a UUID) is the Idempotency-Key it will be sent with. */
export async function enqueue(db: DeviceDb, entry: NewEntry): Promise<OutboxEntry> {
  const [queued] = await enqueueAll(db, [entry]);
  return queued!;
}

/** Queues writes together in one transaction: an event and its photos are there for a sync both or neither. */
export async function enqueueAll(db: DeviceDb, entries: readonly NewEntry[]): Promise<OutboxEntry[]> {
  const tx = db.transaction('outbox', 'readwrite');
  // Each entry later than every one before it, also two made within the same millisecond (or in another tab): the
  // queue is sent in this order, and a tie broken by the random id sent the second event first.
  let latest = 0;
  for (const entry of await tx.store.getAll()) latest = Math.max(latest, entry.createdAt);
  const first = Math.max(Date.now(), latest + 1);
  const queued = entries.map(
    ({ id = crypto.randomUUID(), ...rest }, index): OutboxEntry => ({
      id,
      ...rest,
      createdAt: first + index,
      state: 'waiting',
    }),
  );
  await Promise.all([...queued.map((entry) => tx.store.put(entry)), tx.done]);
  return queued;
}

export async function removeEntry(db: DeviceDb, id: string): Promise<void> {
  await db.delete('outbox', id);
}

/**
 * Removes an entry the server took. An event's entry first hands the created event's id to the photos waiting for it,
 * in the same step, so that they never wait for an entry that is gone. Answers the photos' entries as they are now.
 */
export async function completeEntry(db: DeviceDb, entry: OutboxEntry, answer: unknown): Promise<OutboxEntry[]> {
  const tx = db.transaction('outbox', 'readwrite');
  const waiting = (await tx.store.index('byUser').getAll(entry.userId)).filter(
    (other) => other.afterEntryId === entry.id,
  );
  const handed = waiting.map(({ afterEntryId: _after, ...photos }) => withEventId(photos, createdEventId(answer)));
  for (const photos of handed) await tx.store.put(photos);
  await tx.store.delete(entry.id);
  await tx.done;
  return handed;
}

/** Drops an entry the user gave up, and the entries waiting for it (its event's photos). */
export async function discardEntry(db: DeviceDb, id: string): Promise<void> {
  const tx = db.transaction('outbox', 'readwrite');
  const entry = await tx.store.get(id);
  if (entry) {
    for (const other of await tx.store.index('byUser').getAll(entry.userId)) {
      if (other.afterEntryId === id) await tx.store.delete(other.id);
    }
    await tx.store.delete(id);
  }
  await tx.done;
}

export async function markFailed(db: DeviceDb, entry: OutboxEntry, failure: OutboxFailure): Promise<void> {
  await db.put('outbox', { ...entry, state: 'failed', failure });
}

/** A failed entry the user sends again as it is (after the cause was fixed on the server). */
export async function retryEntry(db: DeviceDb, entry: OutboxEntry): Promise<void> {
  const { failure: _failure, ...rest } = entry;
  await db.put('outbox', { ...rest, state: 'waiting' });
}

export async function markConflict(db: DeviceDb, entry: OutboxEntry, server: unknown): Promise<void> {
  await db.put('outbox', { ...entry, state: 'conflict', conflict: { server, seenAt: Date.now() } });
}

/**
 * The user's choice on an entry in conflict: 'mine' sends it at the next run over the server's version; 'theirs'
 * drops what it changes (a note it adds still goes: notes never conflict).
 */
export async function resolveConflict(db: DeviceDb, entry: OutboxEntry, choice: 'mine' | 'theirs'): Promise<void> {
  if (entry.state !== 'conflict') return;
  const { conflict, ...rest } = entry;
  const body = taskBodyOf(entry);
  const resolved =
    choice === 'mine' ? keepMine(body, (conflict?.server ?? body.base) as Partial<TaskFields>) : takeTheirs(body);
  if (resolved === null) await removeEntry(db, entry.id);
  else await db.put('outbox', { ...rest, body: resolved, state: 'waiting' });
}
