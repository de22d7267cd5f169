import { Workbox } from 'workbox-window';

/**
 * Registers the worker the build generates (build-plugins/installable-app.ts). A new version found later installs and
 * waits until every window of the app is closed; nothing here reloads a page, which could lose what the user enters.
 */
export async function registerServiceWorker(url: string): Promise<void> {
  // `immediate`: the page has loaded already, there is no load event left to wait for.
  await new Workbox(url, { scope: '/' }).register({ immediate: true });
}
