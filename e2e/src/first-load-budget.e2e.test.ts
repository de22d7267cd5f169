import { describe, expect, it } from 'vitest';
import { browserMissing } from './browser.ts';
import { DEMO_PASSWORD, useDemoServer } from './demo-session.ts';
import { firstLoad } from './first-load.ts';
import { DEFAULT_WORLD } from './world.ts';

/** DESIGN.md section 9 and issue 28: a first visit's JavaScript, as gzip, the service worker registered after it. */
const JS_BUDGET = 250 * 1024;
const VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

/** The session cookie (`name=value`) of a demo account, signed in without a page: the visit's cache stays empty. */
async function sessionCookie(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/api/login/json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in of ${username}: ${response.status}`);
  return cookie;
}

// The bench (bench/src/page-weight.ts) reports the figures with the brotli and scrolled ones; this holds the budget on
// every run. What loads once the page has settled (the service worker, the field's code) does not count
// (first-load.ts). Rollup merges small chunks, so a change far from these pages can move code into them: a failure
// here names the page, and FIRST_LOAD_FILES=1 the files.
describe.skipIf(Boolean(browserMissing))(
  `the first download of the login and rope pages${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    // It only reads.
    const demo = useDemoServer({ shared: true });

    it('stays within 250 KiB of JavaScript as gzip, for the German client, on a phone and on a desktop', async () => {
      const url = demo.server().url;
      const cookie = await sessionCookie(url, DEFAULT_WORLD.user);
      const { ropes } = (await (await fetch(`${url}/api/ropes`, { headers: { cookie } })).json()) as {
        ropes: { id: number; installation: { id: number }; area: { id: number } }[];
      };
      const rope = ropes[0]!;
      const ropePath = `/areas/${rope.area.id}/installations/${rope.installation.id}/ropes/${rope.id}`;
      const measured: string[] = [];
      const over: string[] = [];
      for (const viewport of VIEWPORTS) {
        for (const target of [
          { path: '/login', ready: 'input[autocomplete="username"]', scroll: false },
          { path: ropePath, ready: '.uplot, canvas', cookie, scroll: false },
        ]) {
          const { first } = await firstLoad(demo.browser(), url, target, 'gzip', viewport);
          measured.push(`${target.path} at ${viewport.width} px: ${(first.body.js / 1024).toFixed(1)} KiB`);
          expect(first.otherEncoding, 'every script as gzip, as asked').toEqual([]);
          expect(first.body.js, 'the page loaded its code').toBeGreaterThan(50 * 1024);
          if (first.body.js > JS_BUDGET) over.push(measured.at(-1)!);
          // FIRST_LOAD_FILES=1 lists what each visit loaded: to find what a change added.
          if (process.env.FIRST_LOAD_FILES)
            console.log(`${measured.at(-1)}\n${first.files.filter((file) => file.startsWith('js')).join('\n')}`);
        }
      }
      console.log(`first download, JavaScript as gzip: ${measured.join('; ')}`);
      expect(over, `over ${JS_BUDGET / 1024} KiB`).toEqual([]);
    });
  },
);
