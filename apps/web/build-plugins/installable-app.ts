import type { PluginOption } from 'vite';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';
import appTexts from '../src/i18n/locales/en-US/app.json';
import { pureDomainValues } from './pure-domain';

/** The theme's primary colour as the app draws it (blue at shade 8, src/theme.ts); the test beside this checks it. */
export const THEME_COLOR = '#1971c2';
/** Mantine's light body colour: the splash screen of the installed app shows it before the page draws. */
export const BACKGROUND_COLOR = '#ffffff';

export const WEB_APP_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: appTexts.name,
  short_name: appTexts.name,
  description:
    'Operators and inspectors of ropeways keep track of their steel ropes: inspections, damage, tasks and documents.',
  lang: 'en-US',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  // Drawn from the product mark (src/components/product-mark.tsx); the PNGs come from e2e/src/render-app-icons.ts.
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The web app manifest and the service worker (src/service-worker/sw.ts, Workbox's precaching and routing, the
 * manifest injected) that precaches the app shell: index.html, every chunk (the lazy screens and the texts of all
 * languages included), CSS, fonts, icons and images. A navigation offline gets the cached index.html, so a reload or
 * a deep link draws the app; nothing else is cached, /api least of all (NOT_FROM_APP_SHELL in src/lib/app-shell.ts). The build's .br and .gz
 * copies stay out: the server picks one by Accept-Encoding for the file itself. The worker also sends the device's
 * queue when the browser calls for a sync with the app closed (src/service-worker/sync-in-background.ts).
 */
export function installableApp(): PluginOption {
  return VitePWA({
    // A new version installs in the background and waits until no window runs the old one: replacing the worker under
    // an open page would delete the old chunks its lazy screens still load, and reloading for it could lose an entry
    // half made. A later update prompt can ask the waiting worker to take over (it listens for SKIP_WAITING).
    registerType: 'prompt',
    // Registered by the app after the page is drawn (SERVICE_WORKER_URL in src/lib/service-worker.ts), never by a
    // script in index.html.
    injectRegister: false,
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    manifest: WEB_APP_MANIFEST,
    // The icons are among the files the patterns below find, and the plugin adds the manifest itself: listed once each.
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['**/*.{html,js,css,ttf,woff2,svg,png}'],
      globIgnores: ['**/*.br', '**/*.gz', '**/*.map', 'sw.js'],
      // The reports' font (DejaVu Sans, 740 KB) is the largest file. Workbox leaves a larger one out with a warning
      // only; the browser test (e2e/src/installable.e2e.test.ts) holds the cache to every file of the build.
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      // One classic script: every browser with service workers runs it, module workers or not.
      rollupFormat: 'iife',
      sourcemap: false,
      // The worker's own build: without this, the domain's messages it reads bring every zod schema of their modules.
      buildPlugins: { vite: [pureDomainValues()] },
    },
  });
}
