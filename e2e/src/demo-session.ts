import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchBrowser, POLL_EVERY_50_MS } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';
import { textInAnyLanguage } from './world.ts';

export const DEMO_PASSWORD = 'ropecockpit-demo';
export const DEMO_ADMIN = 'admin@example.com';

/** The server on the demo data a test file talks to: its own, or the one the run shares (demo-template.ts). */
export interface DemoServer {
  url: string;
  /** What the file's own server wrote (absent for the shared one): shown when a test fails on the server's side. */
  output?: () => string;
}

/**
 * A server on the demo data and a browser for one test file, started before and stopped after its tests. With
 * `shared`, the file uses the server the run started once for files that only read and change nothing but their
 * own user's language (the every-screen files of the five roles), and starts only its browser.
 */
export function useDemoServer({ shared = false } = {}): { server: () => DemoServer; browser: () => Browser } {
  let server: RunningServer | undefined;
  let sharedServer: DemoServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (shared) {
      sharedServer = { url: inject('sharedDemoServerUrl') };
      browser = await launchBrowser();
    } else {
      [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
    }
  });
  afterAll(async () => {
    await browser?.close();
    // A clean shutdown (SIGTERM, running work finished) is part of what every browser test checks; the shared
    // server's is checked when the run ends.
    if (server) expect(await server.stop()).toBe(0);
  });
  return { server: () => sharedServer ?? server!, browser: () => browser! };
}

/** Accepts the cookie notice, which covers the page until it is, in whatever language the page shows. */
export async function acceptCookies(page: Page) {
  await page
    .getByRole('dialog', { name: textInAnyLanguage('auth:cookies.title') })
    .getByRole('button')
    .click();
}

/**
 * Signs a demo account in and opens the cockpit as it was left, accepting the cookie notice of a first entry, then
 * waits for the start screen to be drawn (waitForLandingScreen), so the test's next step cannot be overtaken by it.
 * The session comes from the sign-in call the login form makes, sent beside the page: the form itself, its second
 * factor, its links and its languages are the login tests' (login, passwordless, texts, every-screen), and drawing it
 * for every other test cost 0.8 of each sign-in's 1.8-2.2 CPU s (the form, then its answer and the start screen,
 * measured apart over six sign-ins each as the client and the admin, 2026-12-03).
 */
export async function signInAsDemo(page: Page, url: string, username = DEMO_ADMIN) {
  await postDemoSignIn(page, url, username);
  await openSignedIn(page, url, '/');
  await waitForLandingScreen(page);
}

/**
 * Opens a screen in full for an account signed in before (signInForCalls, or a sign-in in this browser), accepting the
 * cookie notice of a first entry: for a test whose first screen is not the start screen, which then is not drawn for
 * nothing (1.0-1.4 CPU s of each sign-in, 2026-12-03). A browser that answered the notice before is not asked again
 * (the web's COOKIE_CONSENT_KEY).
 */
export async function openSignedIn(page: Page, url: string, path: string) {
  await page.goto(`${url}${path}`);
  if (!(await page.evaluate(() => localStorage.getItem('cookieConsent')))) await acceptCookies(page);
}

/**
 * Signs a demo account in for calls from the page (pageApi, pageGet) without drawing the cockpit: the page stands at
 * the server's health answer, a document of its origin. For a set-up that only reads what the account sees.
 */
export async function signInForCalls(page: Page, url: string, username = DEMO_ADMIN) {
  await postDemoSignIn(page, url, username);
  await page.goto(`${url}/api/health`);
}

/** The sign-in call the login form makes, from the page's browser context: its session cookie is the page's. */
async function postDemoSignIn(page: Page, url: string, username: string) {
  const answer = await page
    .context()
    .request.post(`${url}/api/login/json`, { data: { username, password: DEMO_PASSWORD } });
  expect(answer.status(), `${username} signs in: ${await answer.text()}`).toBe(200);
}

/**
 * Signs a demo account in on a device where someone signed in before: the cookie notice was answered then, and the
 * login form shows at once.
 */
export async function signInAgainAsDemo(page: Page, url: string, username: string) {
  await page.goto(`${url}/login`);
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: textInAnyLanguage('auth:login.submit') }).click();
  await waitForLandingScreen(page);
}

/** Sends the sign-in form of a demo account and returns at once: for a test of what happens while the app lands. */
export async function submitDemoSignIn(page: Page, url: string, username = DEMO_ADMIN) {
  await page.goto(`${url}/login`);
  await acceptCookies(page);
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: textInAnyLanguage('auth:login.submit') }).click();
}

/**
 * After a sign-in the app redirects twice (/login to the next path, `/` to the role's start screen), each after
 * its screen's code has loaded. Leaving /login is no sign that this is over: a step taken then (a history entry
 * pushed, a link clicked) is overtaken by the redirect still on its way. The app's own signal that it is over is
 * the start screen drawn: away from /login and `/`, its title shown, nothing loading.
 */
export async function waitForLandingScreen(page: Page) {
  await page.waitForFunction(
    () => {
      const path = window.location.pathname;
      return (
        path !== '/' &&
        !path.startsWith('/login') &&
        document.querySelector('h1') !== null &&
        document.querySelector('.mantine-Loader-root') === null
      );
    },
    undefined,
    { timeout: 60_000, ...POLL_EVERY_50_MS },
  );
}

/** A call to /api{path} from inside the page, with its cookie: the status and the parsed body. */
export function pageApi<T>(
  page: Page,
  path: string,
  init?: { method: string; body: unknown },
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ p, i }) => {
      const response = await fetch(`/api${p}`, {
        method: i?.method ?? 'GET',
        headers: i ? { 'content-type': 'application/json' } : undefined,
        body: i ? JSON.stringify(i.body) : undefined,
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { p: path, i: init },
  ) as Promise<{ status: number; body: T }>;
}

/** GET /api{path} from inside the page: the parsed body. */
export async function pageGet<T>(page: Page, path: string): Promise<T> {
  return (await pageApi<T>(page, path)).body;
}
