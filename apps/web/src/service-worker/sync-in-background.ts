import { sendEntry } from '../features/field/send-entry';
import { syncOutbox } from '../features/field/sync';
import { ApiError } from '../lib/api-client';
import { OUTBOX_SYNC_TAG } from '../lib/background-sync';
import { type DeviceDb, openDeviceStore } from '../lib/device-store';
import { readLoginAnswer } from '../lib/session/login-answer';
import { dataOf, quietTypedApi } from '../lib/typed-api';

/** A window of the app, as the worker sees it. */
export interface AppWindow {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

/** How long the worker waits for an open window to say it sends the queue, before it sends it itself. */
export const WINDOW_ANSWER_MS = 3_000;

/**
 * Tells the open windows to send and answers whether one said it does. A window being closed, or frozen in the
 * background, may still be listed but never answers: then the worker must not leave the queue to it.
 */
function windowTakesIt(windows: readonly AppWindow[], waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), waitMs);
    for (const window of windows) {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        clearTimeout(timer);
        channel.port1.close();
        resolve(true);
      };
      window.postMessage({ type: OUTBOX_SYNC_TAG }, [channel.port2]);
    }
  });
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
 * figures): it is told to, and answers. With none open, or none answering, the worker sends it, as the page would (syncOutbox: in order, each under its
 * key, refusals and conflicts kept for the user), but only the entries of the user whose session the browser holds:
 * another user's wait for their next sign-in, as do all when the session has ended. A run stopped by the network or a
 * busy server rejects, so that the browser calls again later.
 */
export async function syncInBackground(
  windows: readonly AppWindow[],
  openStore: () => Promise<DeviceDb> = () => openDeviceStore(),
  windowAnswerMs = WINDOW_ANSWER_MS,
): Promise<void> {
  if (windows.length > 0 && (await windowTakesIt(windows, windowAnswerMs))) return;
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
