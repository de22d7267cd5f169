// What a first visit downloads, counted from Chromium's own network log (encoded bytes as they crossed the wire, per
// type): the page-weight bench (bench/src/page-weight.ts) reports it, the browser test first-load-budget.e2e.test.ts
// holds the budget on every run.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@rope/server-runner';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { PAGE_SETTLED_MARK } from '../../apps/web/src/lib/page-settled.ts';

export type Kind = 'js' | 'css' | 'api' | 'other';
export interface Load {
  /** Everything Chromium received, headers included. */
  wire: Record<Kind, number>;
  /** The encoded bodies alone (Content-Length as sent): what compression and code splitting change. */
  body: Record<Kind, number>;
  /** JS and CSS as plain files of the build, for the same URLs. */
  raw: Record<'js' | 'css', number>;
  /** Compressible files (JS, CSS) that came in another encoding than asked for: none, or the figures are wrong. */
  otherEncoding: string[];
  requests: number;
  files: string[];
}

export type Encoding = 'br' | 'gzip';

export interface Visit {
  first: Load;
  /** After scrolling to the bottom of the page, for pages that load sections when scrolled near. */
  scrolled?: Load;
}

export interface FirstLoadTarget {
  path: string;
  /** What shows once the page is drawn. */
  ready: string;
  /** The session cookie (`name=value`), or none for a page before signing in. */
  cookie?: string;
  scroll: boolean;
}

/** No request for this long: the page has loaded what it is going to. */
const QUIET_MS = 500;
const dist = join(repoRoot, 'apps/web/dist');

/**
 * A first visit of `target`: a fresh context (an empty cache) of `viewport`, asking for `encoding` (Chromium sends
 * `gzip, deflate, br, zstd` unless told), until the page is drawn and the network idle; then, for a page that loads
 * sections when scrolled near, scrolled to the bottom.
 */
export async function firstLoad(
  browser: Browser,
  url: string,
  target: FirstLoadTarget,
  encoding: Encoding,
  viewport: { width: number; height: number },
): Promise<Visit> {
  const context = await browser.newContext({
    viewport,
    extraHTTPHeaders: encoding === 'gzip' ? { 'Accept-Encoding': 'gzip' } : {},
  });
  if (target.cookie) {
    const [name, value] = target.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url }]);
  }
  const page = await context.newPage();
  const log = await recordNetwork(page, encoding);
  await page.goto(`${url}${target.path}`, { waitUntil: 'load' });
  await page.locator(target.ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // What the page asks for once it has settled (the service worker, the field's code) is not its first download.
  const settledAt = await page
    .waitForFunction(
      (mark) => {
        const [settled] = performance.getEntriesByName(mark);
        return settled ? performance.timeOrigin + settled.startTime : false;
      },
      PAGE_SETTLED_MARK,
      { timeout: 40_000, polling: 100 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
  const first = log.result(settledAt);
  let scrolled: Load | undefined;
  if (target.scroll) {
    await scrollThrough(page);
    await log.quiet();
    scrolled = log.result();
  }
  await context.close();
  return { first, scrolled };
}

/** Scrolls down a window at a time, as a reader would, until the bottom stays the bottom. */
async function scrollThrough(page: Page) {
  for (let step = 0; step < 50; step += 1) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(200);
    if (atBottom && (await page.locator('[data-deferred-section]').count()) === 0) return;
  }
}

interface Finished {
  /** When the page asked for it, ms since the epoch (the browser's clock, as performance.timeOrigin is). */
  sentAt: number;
  kind: Kind;
  path: string;
  length?: number;
  encoding?: string;
  encodedDataLength: number;
}

async function recordNetwork(page: Page, asked: Encoding) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent = new Map<string, number>();
  const requests = new Map<string, Omit<Finished, 'sentAt' | 'encodedDataLength'>>();
  const finished: Finished[] = [];
  let lastActivity = Date.now();
  // By id: a redirect sends the same request again.
  const inFlight = new Set<string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    inFlight.add(event.requestId);
    if (!sent.has(event.requestId)) sent.set(event.requestId, event.wallTime * 1000);
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', (event) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (event) => {
    const path = new URL(event.response.url).pathname;
    const headers: Record<string, string> = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
    requests.set(event.requestId, {
      kind: kindOf(event.type, path),
      path,
      length,
      encoding: headers['content-encoding'],
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
    const request = requests.get(event.requestId);
    if (!request) return;
    finished.push({ ...request, sentAt: sent.get(event.requestId) ?? 0, encodedDataLength: event.encodedDataLength });
  });
  /** Resolves once nothing has been requested or received for QUIET_MS (or after 30 s, whatever is open). */
  const quiet = async () => {
    const deadline = Date.now() + 30_000;
    while ((inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 50));
    }
  };
  /** What arrived of the requests sent before `before` (ms since the epoch), or of all. */
  const result = (before = Number.POSITIVE_INFINITY): Load => {
    const load: Load = {
      wire: { js: 0, css: 0, api: 0, other: 0 },
      body: { js: 0, css: 0, api: 0, other: 0 },
      files: [],
      raw: { js: 0, css: 0 },
      otherEncoding: [],
      requests: 0,
    };
    for (const request of finished.filter((candidate) => candidate.sentAt < before)) {
      load.wire[request.kind] += request.encodedDataLength;
      load.body[request.kind] += request.length ?? request.encodedDataLength;
      load.requests += 1;
      load.files.push(`${request.kind} ${request.path} ${request.length ?? '?'} ${request.encoding ?? 'identity'}`);
      if (request.kind === 'js' || request.kind === 'css') {
        load.raw[request.kind] += fileSize(request.path);
        // Files under 1 KiB are sent as they are (a compressed copy would save less than its headers).
        if (request.encoding !== undefined && request.encoding !== asked) load.otherEncoding.push(request.path);
      }
    }
    return load;
  };
  return { result, quiet };
}

function kindOf(type: string, path: string): Kind {
  if (type === 'Script') return 'js';
  if (type === 'Stylesheet') return 'css';
  if (path.startsWith('/api/')) return 'api';
  return 'other';
}

function fileSize(path: string): number {
  const file = join(dist, path);
  return existsSync(file) ? statSync(file).size : 0;
}
