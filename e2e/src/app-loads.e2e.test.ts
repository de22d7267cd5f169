import { existsSync, statSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAreas from '../../apps/web/src/i18n/locales/en-US/areas.json';
import enAuth from '../../apps/web/src/i18n/locales/en-US/auth.json';
import { browserMissing, launchBrowser, screenshotPath } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

const ADMIN = { email: 'first-admin@example.com', password: 'first-admin-pass-1' };

describe.skipIf(Boolean(browserMissing))(
  `the built app in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
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
      const code = await server?.stop();
      expect(code).toBe(0);
    });

    it('sends the home page to the login, and after signing in to the areas, with the system up', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${server.url}/`);
      await page.waitForURL(/\/login/);
      await page.getByRole('dialog', { name: enAuth.cookies.title }).getByRole('button').click();
      await page.locator('input[autocomplete="username"]').fill(ADMIN.email);
      await page.locator('input[autocomplete="current-password"]').fill(ADMIN.password);
      await page.getByRole('button', { name: enAuth.login.submit, exact: true }).click();
      // Whoever has the areas screen lands on it; the system state stays one call away.
      await page.waitForURL(/\/areas$/);
      await page.getByText(enAreas.empty).waitFor();
      const health = await page.evaluate(() => fetch('/api/health').then((response) => response.json()));
      expect(health).toMatchObject({
        status: 'ok',
        database: { kind: 'pglite', ok: true },
        queue: { kind: 'inline', ok: true },
      });
      const file = screenshotPath('after-sign-in');
      await page.screenshot({ path: file, fullPage: true });
      expect(existsSync(file) && statSync(file).size).toBeGreaterThan(5_000);
      expect(errors).toEqual([]);
    });

    it('keeps the chosen language over a reload', async () => {
      const page = await browser.newPage({ viewport: { width: 800, height: 700 } });
      await page.goto(`${server.url}/login`);
      await page.evaluate(() => localStorage.setItem('language', 'de-DE'));
      await page.reload();
      await page.waitForFunction(() => document.documentElement.lang === 'de-DE');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    });
  },
);
