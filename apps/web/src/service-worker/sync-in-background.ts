import { sendEntry } from '../features/field/send-entry';
import { syncOutbox } from '../features/field/sync';
import { ApiError } from '../lib/api-client';
import { OUTBOX_SYNC_TAG } from '../lib/background-sync';
import { type DeviceDb, openDeviceStore } from '../lib/device-store';
import { readLoginAnswer } from '../lib/session/login-answer';
import { dataOf, quietTypedApi } from '../lib/typed-api';

/** A window of the app, as the worker sees it. */
export interface AppWindow {
  postMessage(message: unknown): void;
}

/** The signed-in user of the session the browser holds for the app, if any (the worker sends with its cookie). */
async function sessionUserId(): Promise<number | undefined> {
  try {
    return readLoginAnswer(await dataOf(quietTypedApi.POST('/api/login/check'))).user?.id;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return undefined;
    throw error;
  }
}

/**
 * The browser's sync call. An open window sends the queue itself (it shows the run, a conflict's choice, the fresh
 * figures): it is told to. With none open the worker sends it, as the page would (syncOutbox: in order, each under its
 * key, refusals and conflicts kept for the user), but only the entries of the user whose session the browser holds:
 * another user's wait for their next sign-in, as do all when the session has ended. A run stopped by the network or a
 * busy server rejects, so that the browser calls again later.
 */
export async function syncInBackground(
  windows: readonly AppWindow[],
  openStore: () => Promise<DeviceDb> = () => openDeviceStore(),
): Promise<void> {
  if (windows.length > 0) {
    for (const window of windows) window.postMessage({ type: OUTBOX_SYNC_TAG });
    return;
  }
  const userId = await sessionUserId();
  if (userId === undefined) return;
  const db = await openStore();
  try {
    const result = await syncOutbox(db, userId, sendEntry);
    if (result.stopped === 'offline' || result.stopped === 'later') throw new Error(`sync stopped: ${result.stopped}`);
  } finally {
    db.close();
  }
}
