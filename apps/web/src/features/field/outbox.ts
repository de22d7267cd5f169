import type { DeviceDb, OutboxEntry, OutboxFailure } from '../../lib/device-store';
import { keepMine, type TaskFields, takeTheirs, taskBodyOf } from './task-entry';

/** The user's queued writes in the order they were made. */
export async function listOutbox(db: DeviceDb, userId: number): Promise<OutboxEntry[]> {
  const entries = await db.getAllFromIndex('outbox', 'byUser', userId);
  return entries.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

/** Queues a write; its id (a UUID) is the Idempotency-Key it will be sent with. */
export async function enqueue(
  db: DeviceDb,
  entry: Pick<OutboxEntry, 'userId' | 'ropeId' | 'ropeName' | 'kind' | 'body'> & { id?: string },
): Promise<OutboxEntry> {
  const { id = crypto.randomUUID(), ...rest } = entry;
  const queued: OutboxEntry = { id, ...rest, createdAt: Date.now(), state: 'waiting' };
  await db.put('outbox', queued);
  return queued;
}

export async function removeEntry(db: DeviceDb, id: string): Promise<void> {
  await db.delete('outbox', id);
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
