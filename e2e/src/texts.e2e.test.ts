import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import deAuth from '../../apps/web/src/i18n/locales/de-DE/auth.json';
import deCharts from '../../apps/web/src/i18n/locales/de-DE/charts.json';
import esCharts from '../../apps/web/src/i18n/locales/es-ES/charts.json';
import frCharts from '../../apps/web/src/i18n/locales/fr-FR/charts.json';
import frShell from '../../apps/web/src/i18n/locales/fr-FR/shell.json';
import { browserMissing, keepScreenshot } from './browser.ts';
import { signInAsDemo, useDemoServer } from './demo-session.ts';
import {
  collectPageErrors,
  errorBoundaryShown,
  findHierarchy,
  openInApp,
  rawKeysShown,
  switchLanguage,
  switchUserLanguage,
  textsMissed,
  waitForScreen,
} from './screen-check.ts';

/**
 * The text files the page fetched, as `<language>-<chunk>` (`/assets/texts-de-DE-rope-page-<hash>.js`: the texts the
 * rope page's code names, apps/web/build-plugins/texts-on-demand.ts).
 */
function textFiles(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const [, language, chunk] =
      /\/assets\/texts-([a-z]{2}-[A-Z]{2})-(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname) ?? [];
    if (language && chunk) files.push(`${language}-${chunk}`);
  });
  return files;
}

/** A whole group of feature files: loaded only for a key the build did not see named (src/i18n/texts.ts). */
const GROUPS = /^[a-z]{2}-[A-Z]{2}-(core|work|more)$/;

// The texts beyond the shell's load with the code that shows them (apps/web/build-plugins/texts-on-demand.ts);
// a language switch loads the new language's texts before it shows. Once, a language switch crashed the app.
describe.skipIf(Boolean(browserMissing))(
  `texts that load with their screens${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const { server, browser } = useDemoServer();

    it('a first visit in German shows the login in German, with no key in sight', async () => {
      const context = await browser().newContext({ viewport: { width: 375, height: 800 }, locale: 'de-DE' });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${server().url}/login`);
      await page.getByRole('dialog', { name: deAuth.cookies.title }).getByRole('button').click();
      await page.getByRole('button', { name: deAuth.login.submit, exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
      expect(await rawKeysShown(page)).toEqual([]);
      await context.close();
      expect(errors).toEqual([]);
    });

    it('a German user opening the cockpit from an English browser loads the German texts only, and no admin texts on a rope page', async () => {
      const context = await browser().newContext({ viewport: { width: 375, height: 800 }, locale: 'en-US' });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await signInAsDemo(page, server().url, 'client@example.com');
      const { areaId, installationId, ropeId } = await findHierarchy(page);
      // As on a device where the cockpit was never opened: the session alone says German.
      await page.evaluate(() => localStorage.clear());
      const fetched = textFiles(page);
      await page.goto(`${server().url}/areas/${areaId}/installations/${installationId}/ropes/${ropeId}`);
      await waitForScreen(page);
      await page.getByRole('heading', { name: deCharts.damage.title }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await rawKeysShown(page)).toEqual([]);
      expect(await textsMissed(page)).toEqual([]);
      // German only, key by key: the entry's texts and the rope page's, no whole group, nothing of the admin screens.
      expect(fetched.filter((file) => !file.startsWith('de-DE-'))).toEqual([]);
      expect(fetched).toEqual(expect.arrayContaining(['de-DE-index', 'de-DE-rope-page']));
      expect(fetched.filter((file) => GROUPS.test(file) || /users|mandators|webhooks/.test(file))).toEqual([]);
      await context.close();
      expect(errors).toEqual([]);
    });

    it('switching languages on a screen whose texts loaded with it, and opening screens after, never shows a key', async () => {
      const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const fetched = textFiles(page);
      await signInAsDemo(page, server().url);
      await switchLanguage(page, 'en-US');
      const { areaId, installationId, ropeId } = await findHierarchy(page);
      const ropePath = `/areas/${areaId}/installations/${installationId}/ropes/${ropeId}`;

      // German is chosen before the rope page's code (and its texts) has loaded: they arrive in German.
      await switchLanguage(page, 'de-DE');
      await openInApp(page, ropePath);
      await waitForScreen(page);
      await page.getByRole('heading', { name: deCharts.damage.title }).waitFor();
      expect(await rawKeysShown(page), 'rope page in German').toEqual([]);

      // Switched on the rope page: its texts change language in place, the page stays.
      for (const [language, title] of [
        ['fr-FR', frCharts.damage.title],
        ['es-ES', esCharts.damage.title],
        ['fr-FR', frCharts.damage.title],
      ] as const) {
        await switchLanguage(page, language);
        await page.getByRole('heading', { name: title }).waitFor();
        expect(await errorBoundaryShown(page), language).toBe(false);
        expect(await rawKeysShown(page), `rope page in ${language}`).toEqual([]);
      }
      await keepScreenshot(page, 'texts-rope-page-fr');

      // A screen not opened before loads in the language shown, its nested texts ($t(shell.nav.users)) resolved.
      await openInApp(page, '/users');
      await waitForScreen(page);
      await page.getByRole('heading', { level: 1, name: frShell.nav.users }).waitFor();
      expect(await rawKeysShown(page), 'users in French').toEqual([]);

      // Each file of texts came at most once in this page load, and no key was met without its text.
      expect(fetched.filter((file) => GROUPS.test(file))).toEqual([]);
      expect(new Set(fetched).size).toBe(fetched.length);
      expect(await textsMissed(page)).toEqual([]);

      // A reload starts in French on a screen whose texts are not in the entry.
      await page.reload();
      await waitForScreen(page);
      await page.getByRole('heading', { level: 1, name: frShell.nav.users }).waitFor();
      expect(await rawKeysShown(page), 'users in French after a reload').toEqual([]);

      await switchUserLanguage(page, 'en-US');
      await context.close();
      expect(errors).toEqual([]);
    });
  },
);
