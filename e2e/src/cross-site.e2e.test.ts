import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserMissing, launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

const ADMIN = { email: 'cross-site-admin@example.com', password: 'cross-site-pass-1' };

// 127.0.0.1 and localhost are different sites to the browser: the second plays the other site.
describe.skipIf(Boolean(browserMissing))(
  `requests from another site in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    let server: RunningServer;
    let browser: Browser;
    beforeAll(async () => {
      [server, browser] = await Promise.all([
        startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
        launchBrowser(),
      ]);
    });
    afterAll(async () => {
      await browser?.close();
      expect(await server?.stop()).toBe(0);
    });

    it('keeps the session when another site links to /api/logout, and ends it from the page itself', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      // A same-origin page without the app: the sign-in screen would move on by itself once signed in, mid-call.
      await page.goto(`${server.url}/api/health`);
      const call = (path: string, method = 'GET', body?: unknown) =>
        page.evaluate(
          async ({ p, m, b }) =>
            (
              await fetch(p, {
                method: m,
                headers: b ? { 'content-type': 'application/json' } : undefined,
                body: b ? JSON.stringify(b) : undefined,
              })
            ).status,
          { p: path, m: method, b: body },
        );
      expect(await call('/api/login/json', 'POST', { username: ADMIN.email, password: ADMIN.password })).toBe(200);
      expect(await call('/api/login/check', 'POST')).toBe(200);

      const otherSite = await context.newPage();
      await otherSite.goto(`${server.url.replace('127.0.0.1', 'localhost')}/login`);
      const navigation = otherSite.waitForResponse((response) => response.url().endsWith('/api/logout'));
      await otherSite.evaluate((target) => {
        window.location.href = target;
      }, `${server.url}/api/logout`);
      expect((await navigation).status()).toBe(403);
      expect(await call('/api/login/check', 'POST')).toBe(200);

      expect(await call('/api/logout')).toBe(204);
      expect(await call('/api/login/check', 'POST')).toBe(401);
      await context.close();
    });
  },
);
