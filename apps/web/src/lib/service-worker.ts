import { whenPageSettled } from './page-settled';

/** The worker's file: at the root, so that its scope is the whole app (build-plugins/installable-app.ts writes it). */
export const SERVICE_WORKER_URL = '/sw.js';
/**
 * Registers the service worker once the page is drawn: after the window's `load`, once no file has finished loading
 * for QUIET_MS (Resource Timing), in an idle moment. Its precache then downloads every chunk of the app, which must
 * not compete with the screen's own downloads on a slow line. The registration code (Workbox's window library) is a
 * chunk of its own (vite.config.ts), loaded only then. A browser without service workers, or a page that is no
 * secure context (plain HTTP under a network name), keeps working online as before.
 */
export function registerServiceWorkerWhenIdle(register: () => Promise<void> = loadAndRegister): void {
  if (!('serviceWorker' in navigator)) return;
  whenPageSettled(() => void register().catch(reportFailure));
}

async function loadAndRegister(): Promise<void> {
  const { registerServiceWorker } = await import('./service-worker-registration');
  await registerServiceWorker(SERVICE_WORKER_URL);
}

/** The app works without its worker (online only): said in the console for whoever looks, never to the user. */
function reportFailure(error: unknown): void {
  console.warn('The service worker could not be registered; the app will not open offline.', error);
}
