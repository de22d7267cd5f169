import { createContext, useContext } from 'react';
import type { OutboxEntry } from './device-store';

/** A write to queue; `id` (its Idempotency-Key) when it was sent once already and its answer is lost. */
export type QueuedEntry = Pick<OutboxEntry, 'ropeId' | 'ropeName' | 'kind' | 'body' | 'files' | 'afterEntryId'> & {
  id?: string;
};

/**
 * The device's queue of writes made without a signal (features/field provides it): the screens that record put their
 * writes here when the network is gone, and show what waits; the shell shows the count and the sync panel.
 */
export interface Outbox {
  /** The signed-in user's entries in the order they were made; empty until the device's store is open. */
  entries: OutboxEntry[];
  /** Whether the device can queue at all (its store is open). */
  ready: boolean;
  syncing: boolean;
  /** When a sync last sent everything that waited (ms since 1970), on this device. */
  lastSyncedAt: number | null;
  /**
   * Queues a write, and the writes that wait for it (an event's photos) in the same step, so that no sync sends the
   * first before the others are there to be handed its answer.
   */
  queue(entry: QueuedEntry, ...following: QueuedEntry[]): Promise<OutboxEntry>;
  syncNow(): Promise<void>;
  /** Drops an entry, and with it the entries waiting for it (an event's photos): nothing is left without its event. */
  discard(id: string): Promise<void>;
  retry(id: string): Promise<void>;
  /** An entry in conflict: send 'mine' over the server's version, or take 'theirs' (what it changes is dropped). */
  resolve(id: string, choice: 'mine' | 'theirs'): Promise<void>;
}

const none: Outbox = {
  entries: [],
  ready: false,
  syncing: false,
  lastSyncedAt: null,
  queue: () => Promise.reject(new Error('The device cannot keep entries')),
  syncNow: async () => {},
  discard: async () => {},
  retry: async () => {},
  resolve: async () => {},
};

export const OutboxContext = createContext<Outbox>(none);

export function useOutbox(): Outbox {
  return useContext(OutboxContext);
}
