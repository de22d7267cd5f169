import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enApp from '../../apps/web/src/i18n/locales/en-US/app.json';
import enAreas from '../../apps/web/src/i18n/locales/en-US/areas.json';
import enAuth from '../../apps/web/src/i18n/locales/en-US/auth.json';
import { browserMissing, keepScreenshot, launchBrowser } from './browser.ts';
import { collectPageErrors, seriousAxeViolations } from './screen-check.ts';
import { type RunningServer, repoRoot, startServer } from './server.ts';
import { ENGLISH_ADMIN_IN_UTC, newWorldContext } from './world.ts';

/** The built client the test servers serve (WEB_DIST, as the API reads it). */
const WEB_DIST = process.env.WEB_DIST ?? join(repoRoot, 'apps/web/dist');
/** The worker's install fetches the whole app (seconds); a failed one never settles `navigator.serviceWorker.ready`. */
const ACTIVATION_TIMEOUT_MS = 60_000;
const ADMIN = { email: 'first-admin@example.com', password: 'first-admin-pass-1' };

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** The login form is drawn: the app runs, not Chromium's page for a network error. */
function loginForm(page: Page) {
  return page.locator('input[autocomplete="username"]');
}

/**
 * The app has drawn a screen, not Chromium's page for a network error (which has an h1 of its own, and the host for
 * a title): a screen's heading, or the app's own word that the server cannot be reached. Which of them a signed-in
 * deep link shows offline is the matter of the data the device keeps, not of the app shell.
 */
async function appDrawn(page: Page) {
  const root = page.locator('#root');
  await root
    .getByRole('heading', { level: 1 })
    .or(root.getByRole('alert').filter({ hasText: enAuth.session.error }))
    .first()
    .waitFor();
  expect(await page.title()).toBe(enApp.name);
}

/** The service worker has installed (its precache is complete) and is the active one: its script's URL. */
async function workerActivated(page: Page): Promise<string> {
  return page.evaluate(async (timeoutMs) => {
    const timedOut = new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), timeoutMs));
    const registration = await Promise.race([navigator.serviceWorker.ready, timedOut]);
    if (registration === 'timed out') {
      const pending = await navigator.serviceWorker.getRegistration();
      return `no active worker after ${timeoutMs} ms (installing: ${pending?.installing?.state ?? 'none'})`;
    }
    const worker = registration.active;
    if (worker && worker.state !== 'activated')
      await new Promise((resolve) => worker.addEventListener('statechange', resolve, { once: true }));
    return worker?.scriptURL ?? '';
  }, ACTIVATION_TIMEOUT_MS);
}

describe.skipIf(Boolean(browserMissing))(
  `the cockpit as an installable app, offline${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      [server, browser] = await Promise.all([
        startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
        launchBrowser(),
      ]);
      // 375 px: a phone, where the app is installed most.
      context = await newWorldContext(browser, {
        world: ENGLISH_ADMIN_IN_UTC,
        width: 375,
        height: 740,
        serviceWorkers: 'allow',
      });
      page = await context.newPage();
      errors = collectPageErrors(page);
    });
    /** Runs `steps` with the browser offline (as in a tunnel or a valley), and online again after. */
    async function offline(steps: () => Promise<void>) {
      await context.setOffline(true);
      try {
        await steps();
      } finally {
        await context.setOffline(false);
      }
    }

    afterAll(async () => {
      await browser?.close();
      const code = await server?.stop();
      expect(code).toBe(0);
    });

    it('links a manifest Chromium accepts for installing: name, standalone, theme colour and icons', async () => {
      await page.goto(`${server.url}/login`);
      await loginForm(page).waitFor();
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');
      const answer = await page.evaluate(async (url) => {
        const response = await fetch(url);
        return { type: response.headers.get('content-type'), manifest: await response.json() };
      }, href as string);
      expect(answer.type).toContain('application/manifest+json');
      const manifest = answer.manifest as Manifest;
      expect(manifest).toMatchObject({ name: enApp.name, start_url: '/', scope: '/', display: 'standalone' });
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      // Each icon loads as an image of the size the manifest states.
      const sizes = await page.evaluate(
        (sources) =>
          Promise.all(
            sources.map(async (source) => {
              const image = new Image();
              image.src = source;
              await image.decode();
              return `${image.naturalWidth}x${image.naturalHeight}`;
            }),
          ),
        [...manifest.icons.map((icon) => icon.src), appleIcon as string],
      );
      expect(sizes).toEqual([...manifest.icons.map((icon) => icon.sizes), '180x180']);
      // Chromium's own reading of the manifest, as its install prompt uses it.
      const cdp = await context.newCDPSession(page);
      const parsed = await cdp.send('Page.getAppManifest');
      expect(parsed.errors).toEqual([]);
      await cdp.detach();
    });

    it('registers the service worker after the page has loaded, installable, with every file of the build precached', async () => {
      expect(await workerActivated(page)).toBe(`${server.url}/sw.js`);
      const cdp = await context.newCDPSession(page);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      await cdp.detach();
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const registration = performance
          .getEntriesByType('resource')
          .find((entry) => /\/assets\/service-worker-[^/]+\.js$/.test(entry.name));
        return { loadEnd: navigation.loadEventEnd, registrationStart: registration?.startTime };
      });
      expect(timing.registrationStart, 'the registration code loads after the page').toBeGreaterThan(timing.loadEnd);
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        }
        return urls;
      });
      // Every file of the build: index.html, the screens' lazy chunks, every language's texts, the reports' font, the
      // icons; not the compressed copies, nor the worker itself, nor anything of /api.
      const built = readdirSync(WEB_DIST, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${relative(WEB_DIST, join(entry.parentPath, entry.name))}`)
        .filter((path) => !/\.(br|gz|map)$/.test(path) && !/^\/(sw|workbox-[\w-]+)\.js$/.test(path));
      expect(built.length).toBeGreaterThan(100);
      expect([...cached].sort()).toEqual(built.sort());
    });

    it('draws the login page offline after a reload', async () => {
      await page.getByRole('dialog', { name: enAuth.cookies.title }).getByRole('button').click();
      await offline(async () => {
        await page.reload();
        await loginForm(page).waitFor();
        expect(await page.title()).toBe(enApp.name);
        await keepScreenshot(page, 'offline-login-375');
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    });

    it('draws the app offline for a deep link, and never answers the API from a cache', async () => {
      await page.reload();
      await loginForm(page).fill(ADMIN.email);
      await page.locator('input[autocomplete="current-password"]').fill(ADMIN.password);
      await page.getByRole('button', { name: enAuth.login.submit, exact: true }).click();
      await page.waitForURL(/\/areas$/);
      await page.getByText(enAreas.empty).waitFor();

      await offline(async () => {
        // Asked again for a few seconds: Playwright's offline switch does not always reach a request the service worker
        // passes on at once (microsoft/playwright#2311; one clean-clone run of 3,147 tests saw a first call answered by
        // the server). A cache would answer every time; and no cache holds anything of the API.
        await expect
          .poll(
            () =>
              page.evaluate(() =>
                fetch('/api/health').then(
                  () => 'answered',
                  () => 'failed',
                ),
              ),
            { timeout: 10_000, interval: 500 },
          )
          .toBe('failed');
        const cachedApi = await page.evaluate(async () => {
          const urls: string[] = [];
          for (const name of await caches.keys())
            for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
          return urls.filter((url) => new URL(url).pathname.startsWith('/api'));
        });
        expect(cachedApi, 'API answers kept in a cache of the service worker').toEqual([]);
        await page.goto(`${server.url}/areas`);
        await appDrawn(page);
        await keepScreenshot(page, 'offline-areas-375');
        expect(await seriousAxeViolations(page)).toEqual([]);
      });

      // Online again, the session is there as before.
      await page.reload();
      await page.getByText(enAreas.empty).waitFor();
      expect(errors).toEqual([]);
    });
  },
);
