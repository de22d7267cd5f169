import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { onBackgroundSyncRequest, requestBackgroundSync } from '../../lib/background-sync';
import type { DeviceDb, OutboxEntry } from '../../lib/device-store';
import { type Outbox, OutboxContext } from '../../lib/outbox-context';
import { useDeviceDb } from './field-state';
import { listOutbox } from './outbox-list';
import { reportFailure } from './report-failure';
import type { SyncResult } from './sync';

const work = () => import('./outbox-work');

/** While entries wait, how often a sync is tried (besides the signal's return and each new entry). */
const SYNC_EVERY_MS = 60_000;
const lastSyncKey = (userId: number) => `field.lastSync.${userId}`;

function readLastSync(userId: number): number | null {
  const stored = Number(localStorage.getItem(lastSyncKey(userId)));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** Sends what waits; the sending code loads only when something does. */
async function sendWaiting(db: DeviceDb, userId: number): Promise<Pick<SyncResult, 'sent' | 'stopped'>> {
  if ((await listOutbox(db, userId)).length === 0) return { sent: [] };
  const { sendEntry, syncOutbox } = await work();
  return syncOutbox(db, userId, sendEntry);
}

/** The signed-in user's queue of writes made offline, sent in order whenever there is a network. */
export function OutboxProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const db = useDeviceDb();
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [syncing, setSyncing] = useState(false);
  const [lastSyncedAt, setLastSyncedAt] = useState(() => readLastSync(userId));
  const running = useRef(false);

  const reload = useCallback(async () => {
    if (db) setEntries(await listOutbox(db, userId));
  }, [db, userId]);

  const syncNow = useCallback(async () => {
    if (!db || running.current || !onlineManager.isOnline()) return;
    running.current = true;
    setSyncing(true);
    try {
      const result = await sendWaiting(db, userId);
      // What was sent is the server's now: every screen showing its rope asks again.
      if (result.sent.length > 0) {
        await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      }
      // The browser may send the rest when the signal is back, with the app closed by then.
      if (result.stopped === 'offline' || result.stopped === 'later') void requestBackgroundSync();
      if (!result.stopped) {
        const now = Date.now();
        localStorage.setItem(lastSyncKey(userId), String(now));
        setLastSyncedAt(now);
      }
    } catch (error) {
      reportFailure(error);
    } finally {
      running.current = false;
      setSyncing(false);
      await reload().catch(reportFailure);
    }
  }, [db, userId, queryClient, reload]);

  useEffect(() => {
    if (!db) return;
    void reload().then(syncNow).catch(reportFailure);
    const stopOnline = onlineManager.subscribe((online) => {
      if (online) void syncNow();
    });
    const stopWorkerRequests = onBackgroundSyncRequest(() => void syncNow());
    const timer = window.setInterval(() => void syncNow(), SYNC_EVERY_MS);
    return () => {
      stopOnline();
      stopWorkerRequests();
      window.clearInterval(timer);
    };
  }, [db, reload, syncNow]);

  const value = useMemo<Outbox>(
    () => ({
      entries,
      ready: db !== null,
      syncing,
      lastSyncedAt,
      async queue(entry, ...following) {
        if (!db) throw new Error('The device cannot keep entries');
        const all = [entry, ...following].map((queued) => ({ ...queued, userId }));
        const [queued] = await (await work()).enqueueAll(db, all);
        await reload();
        void requestBackgroundSync();
        void syncNow();
        return queued!;
      },
      syncNow,
      async discard(id) {
        if (db) await (await work()).discardEntry(db, id);
        await reload();
      },
      async retry(id) {
        const entry = entries.find((candidate) => candidate.id === id);
        if (db && entry) await (await work()).retryEntry(db, entry);
        await reload();
        void syncNow();
      },
      async resolve(id, choice) {
        const entry = entries.find((candidate) => candidate.id === id);
        if (db && entry) await (await work()).resolveConflict(db, entry, choice);
        await reload();
        void syncNow();
      },
    }),
    [db, entries, syncing, lastSyncedAt, userId, reload, syncNow],
  );
  return <OutboxContext.Provider value={value}>{children}</OutboxContext.Provider>;
}
