import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { compressAssets } from './build-plugins/compress-assets';
import { installableApp } from './build-plugins/installable-app';
import { mantineImports } from './build-plugins/mantine-imports';
import { pureDomainValues } from './build-plugins/pure-domain';
import { textsOnDemand } from './build-plugins/texts-on-demand';
import { textsChunkOf } from './src/i18n/texts-contract';

const apiProxy: Record<string, ProxyOptions> = {
  // The Host header stays the dev server's, so the API sees the same origin the browser does (cookies, origin checks).
  '/api': { target: process.env.API_PROXY_TARGET || 'http://localhost:3000' },
};

// Only libraries of the first screen get named chunks; anything else (leaflet, uplot, jspdf, tables) stays with the
// lazy chunk that imports it, so it never lands in the initial download.
const vendorChunks: [name: string, pattern: RegExp][] = [
  ['react', /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//],
  ['query', /\/node_modules\/@tanstack\/(react-query|query-core)\//],
  ['i18n', /\/node_modules\/(i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)\//],
  ['zod', /\/node_modules\/zod\//],
  // Positions popovers, tooltips and menus: a file of its own, or small modules every screen needs merge into it.
  ['floating', /\/node_modules\/@floating-ui\//],
  // The forms' messages (18 KiB, 5.4 KiB gzip): a chunk of their own, or Rollup merges them with the small modules
  // every screen needs (ids, clamp, VisuallyHidden) and they ride along to screens without a form.
  ['messages', /\/packages\/domain\/src\/(message-keys|messages)\.ts$/],
  // A message by key without the catalogue (the sign-in checks, the rope page): a file of its own, or Rollup merges
  // its few bytes into the catalogue's chunk and every first download carries every message's text.
  ['message', /\/packages\/domain\/src\/message\.ts$/],
  // The service worker's registration, loaded once the page is drawn (src/lib/service-worker.ts): a chunk of its own,
  // or Rollup merges its small code into the entry, which every first download carries.
  ['service-worker', /\/src\/lib\/service-worker-registration\.ts$|\/node_modules\/workbox-window\//],
];

// react-router's package exports point at its development build for every condition (remix-run/react-router#12532),
// which keeps its dev warnings in our bundle; a build takes the production files it ships beside them.
const reactRouterDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
const productionReactRouter = [{ find: /^react-router$/, replacement: join(reactRouterDist, 'production/index.mjs') }];

function vendorChunk(id: string): string | undefined {
  const path = id.replaceAll('\\', '/');
  // The whole feature files, for keys met without their texts: one file per language and group (src/i18n/texts.ts).
  return textsChunkOf(path) ?? vendorChunks.find(([, pattern]) => pattern.test(path))?.[0];
}

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    pureDomainValues(),
    mantineImports(fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url))),
    // The forms' messages name every message key: their texts come in one file for every screen that imports them.
    textsOnDemand(fileURLToPath(new URL('./src/i18n/locales', import.meta.url)), ['messages']),
    installableApp(),
    compressAssets(),
  ],
  resolve: { alias: command === 'build' ? productionReactRouter : [] },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, strictPort: true, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        manualChunks: vendorChunk,
        // Each file costs its response headers (~0.9 KiB, security headers included): chunks under 4 KiB are merged
        // where Rollup can do so without changing what runs (measured: the same bytes, 40 % fewer files).
        experimentalMinChunkSize: 4096,
      },
      onwarn(warning, warn) {
        // zod places `@__PURE__` comments where Rollup cannot use them; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
  },
}));
