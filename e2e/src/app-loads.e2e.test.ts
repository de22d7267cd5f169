import { existsSync, statSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserMissing, launchBrowser, screenshotPath } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

describe.skipIf(Boolean(browserMissing))(
  `the built app in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    let server: RunningServer;
    let browser: Browser;
    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    });
    afterAll(async () => {
      await browser?.close();
      const code = await server?.stop();
      expect(code).toBe(0);
    });

    it('loads, shows the live system state and saves a screenshot', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${server.url}/areas/1/installations/2`);
      await page.getByText('Rope Cockpit').first().waitFor();
      await page.getByText('Embedded (PGlite)').waitFor();
      await page.getByText('In the API process').waitFor();
      const file = screenshotPath('start-page');
      await page.screenshot({ path: file, fullPage: true });
      expect(existsSync(file) && statSync(file).size).toBeGreaterThan(5_000);
      expect(errors).toEqual([]);
    });

    it('switches the language to German and keeps it over a reload', async () => {
      const page = await browser.newPage({ viewport: { width: 800, height: 700 } });
      await page.goto(server.url);
      await page.getByText('Server status').waitFor();
      await page.getByText('DE', { exact: true }).click();
      await page.getByText('Serverstatus').waitFor();
      await page.reload();
      await page.getByText('Serverstatus').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
      await page.screenshot({ path: screenshotPath('start-page-de'), fullPage: true });
    });
  },
);
