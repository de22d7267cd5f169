import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { repoRoot } from './server.ts';

// Debian's old headless shell first: the same Blink as the browser without its window, toolbar and omnibox pages
// (Playwright's own choice for headless runs), a fifth less CPU over the browser tests than the full browser.
const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

export const chromiumPath = CANDIDATES.find((path): path is string => Boolean(path && existsSync(path)));

/** Why browser tests cannot run here, or undefined when they can. Under CI=true a missing browser is a failure. */
export const browserMissing = chromiumPath
  ? undefined
  : 'Chromium not found (apt-get install chromium-headless-shell or chromium, or set CHROMIUM_PATH)';
if (browserMissing && process.env.CI === 'true') throw new Error(`CI needs a browser: ${browserMissing}`);

/** A name the browser resolves to the test servers: a site opened as on a LAN, neither localhost nor an address. */
export const NETWORK_NAME = 'cockpit.test';

/** A test server's address under NETWORK_NAME. */
export function onNetworkName(url: string): string {
  const address = new URL(url);
  address.hostname = NETWORK_NAME;
  return address.origin;
}

/**
 * Chromium with the service worker blocked in every context and page unless a test allows it
 * (`serviceWorkers: 'allow'`: the offline tests): on 127.0.0.1 the app registers its worker once a page is quiet,
 * which then precaches about 4 MB of the build per context, work that the tests of online screens do not check and
 * that every one of them paid for.
 */
export async function launchBrowser({ optimiseJavaScript = false } = {}): Promise<Browser> {
  const browser = await launchChromium(optimiseJavaScript || process.env.E2E_JS_OPTIMISE === '1');
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options = {}) => watched(await newContext({ serviceWorkers: 'block', ...options }));
  browser.newPage = async (options = {}) => {
    const page = await newPage({ serviceWorkers: 'block', ...options });
    watched(page.context());
    return page;
  };
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

const launched = new Set<Browser>();

/** The last things that went wrong on each page, for the failure record: requests that failed, errors logged. */
const troubles = new WeakMap<Page, string[]>();
const TROUBLES_KEPT = 20;

/** What went wrong on the page lately, oldest first (failure-record.ts prints it). */
export function pageTroubles(page: Page): readonly string[] {
  return troubles.get(page) ?? [];
}

function noteTrouble(page: Page | null | undefined, line: string) {
  if (!page) return;
  const kept = troubles.get(page) ?? [];
  kept.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  troubles.set(page, kept.slice(-TROUBLES_KEPT));
}

const watchedContexts = new WeakSet<BrowserContext>();

function watched(context: BrowserContext): BrowserContext {
  // browser.newPage opens its context through browser.newContext: one watch each.
  if (watchedContexts.has(context)) return context;
  watchedContexts.add(context);
  context.on('requestfailed', (request) => {
    let page: Page | null | undefined;
    try {
      page = request.serviceWorker() ? context.pages()[0] : request.frame().page();
    } catch {
      // A navigation request whose frame is gone names no page.
      page = context.pages()[0];
    }
    const from = request.serviceWorker() ? 'service worker ' : '';
    noteTrouble(page, `${from}${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? '?'}`);
  });
  context.on('console', (message) => {
    if (message.type() === 'error') noteTrouble(message.page(), `console: ${message.text().slice(0, 300)}`);
  });
  context.on('weberror', (error) => noteTrouble(error.page(), `page error: ${error.error().message.slice(0, 300)}`));
  return context;
}

/** The pages open in every browser this test process launched and has not closed (failure-record.ts shows them). */
export function openPages(): Page[] {
  return [...launched].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
}

/**
 * The page's JavaScript run by V8's interpreter and baseline compiler only (no Maglev, no TurboFan): a test page
 * lives seconds to a minute, and optimising its hot functions cost more than it saved. The same nine screens opened,
 * checked by axe, reloaded and switched through the languages took 24.5-26.8 instead of 31.3-36.9 CPU seconds of
 * Chromium (2026-12-02, three and four runs), and Chromium is two thirds of the browser tests' CPU. A benchmark that
 * times what a person waits for (report-pdf) asks for the browser as shipped.
 */
const BASELINE_JAVASCRIPT_ONLY = '--js-flags=--max-opt=1';

function launchChromium(optimiseJavaScript: boolean): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      ...(optimiseJavaScript ? [] : [BASELINE_JAVASCRIPT_ONLY]),
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      // Only the test servers answer: map tiles and anything else from the internet fail at once, in the browser, so
      // runs are offline and quick (intercepting each request through the test process cost a tenth of the run).
      // `cockpit.test` is a test server under a name on the network, which a browser trusts less than localhost.
      `--host-resolver-rules=MAP ${NETWORK_NAME} 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost`,
    ],
  });
}

/**
 * A wait's condition checked every 50 ms instead of on every animation frame (Playwright's default for
 * waitForFunction): asking for a frame at each check kept Chromium drawing 60 frames a second while a screen loaded.
 * The client's every-screen file: Chromium 33.2-34.5 instead of 35.4-37.1 CPU s, its renderers' main threads 19.7
 * instead of 20.7-21.6 (two runs each, 2026-12-03).
 */
export const POLL_EVERY_50_MS = { polling: 50 } as const;

export const screenshotDir = join(repoRoot, 'e2e/test-results/screenshots');

export function screenshotPath(name: string): string {
  mkdirSync(screenshotDir, { recursive: true });
  return join(screenshotDir, `${name}.png`);
}

/**
 * Pictures for a person to look at: taken on a developer's machine, and in CI only when SCREENSHOTS=1 (nobody looks
 * at them there, and encoding about 80 pages was a few percent of the run). A picture of a failure is always taken.
 */
export const screenshotsWanted = process.env.CI !== 'true' || process.env.SCREENSHOTS === '1';

export async function keepScreenshot(
  target: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> },
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (screenshotsWanted) await target.screenshot({ path: screenshotPath(name), ...options });
}
