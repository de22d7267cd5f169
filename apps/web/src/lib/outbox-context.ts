import { createContext, useContext } from 'react';
import type { OutboxEntry } from './device-store';

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
  /** Queues a write; `id` (its Idempotency-Key) when it was sent once already and its answer is lost. */
  queue(entry: Pick<OutboxEntry, 'ropeId' | 'ropeName' | 'kind' | 'body'> & { id?: string }): Promise<OutboxEntry>;
  syncNow(): Promise<void>;
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
