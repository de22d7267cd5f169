// Background Sync (Chromium): the device's queue is sent when the signal returns, also with the app closed. The page
// asks for it whenever something waits; the service worker (src/service-worker/sw.ts) answers the browser's call.

/** The tag under which the queue asks the browser for a sync, and the message the worker sends an open page. */
export const OUTBOX_SYNC_TAG = 'rope-outbox';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the browser to wake the service worker once there is a network, if the browser can (Chromium; elsewhere the
 * queue goes when the app is next open with a signal). Never fails: the page's own sync stays.
 */
export async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Refused (permission, a private window): the page sends the queue itself while it is open.
  }
}

/** Calls `sync` when the service worker asks an open page to send the queue (the page shows what happens). */
export function onBackgroundSyncRequest(sync: () => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== OUTBOX_SYNC_TAG) return;
    // The worker waits for this answer; without it, it sends the queue itself.
    event.ports[0]?.postMessage({ type: OUTBOX_SYNC_TAG, sending: true });
    sync();
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
