// The service worker (built by vite-plugin-pwa's injectManifest, build-plugins/installable-app.ts): the app shell
// precached, navigations answered with index.html, /api left to the network, and the device's queue sent when the
// browser calls for a sync (src/lib/background-sync.ts).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NOT_FROM_APP_SHELL } from '../lib/app-shell';
import { OUTBOX_SYNC_TAG } from '../lib/background-sync';
import { type AppWindow, syncInBackground } from './sync-in-background';

// The worker's own scope, typed here: the web's TypeScript settings are the page's (the DOM), not a worker's.
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface WorkerScope {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  skipWaiting(): Promise<void>;
  clients: { matchAll(options: { type: 'window' }): Promise<readonly AppWindow[]> };
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
declare const self: WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_FROM_APP_SHELL }));

// A waiting new version takes over when a page asks (an update prompt); never by itself under an open page.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(self.clients.matchAll({ type: 'window' }).then((windows) => syncInBackground(windows)));
});
