import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import deAuth from '../../apps/web/src/i18n/locales/de-DE/auth.json';
import deCommon from '../../apps/web/src/i18n/locales/de-DE/common.json';
import deDocuments from '../../apps/web/src/i18n/locales/de-DE/documents.json';
import deInstallations from '../../apps/web/src/i18n/locales/de-DE/installations.json';
import deSearch from '../../apps/web/src/i18n/locales/de-DE/search.json';
import frInstallations from '../../apps/web/src/i18n/locales/fr-FR/installations.json';
import { browserMissing, keepScreenshot } from './browser.ts';
import { DEMO_ADMIN, DEMO_PASSWORD, pageGet, useDemoServer, waitForLandingScreen } from './demo-session.ts';
import { collectPageErrors, seriousAxeViolations, switchLanguage, waitForScreen } from './screen-check.ts';

interface SearchResult {
  type: string;
  id: number;
  name: string;
  url: string;
}

/** How far the page reaches sideways: at 375 px nothing may make the page itself scroll sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Whether the element lies wholly inside the window, where the user sees it without scrolling. */
async function inView(page: Page, selector: Parameters<Page['locator']>[0]) {
  const box = await page.locator(selector).first().boundingBox();
  const size = page.viewportSize()!;
  return Boolean(box && box.x >= 0 && box.x + box.width <= size.width && box.y >= 0 && box.y < size.height);
}

// The inspector in Zermatt: a German browser in Europe/Zurich, signing in on the German login.
describe.skipIf(Boolean(browserMissing))(
  `deep links and narrow tables in a German session${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const demo = useDemoServer();

    async function open(width: number) {
      const context = await demo.browser().newContext({
        viewport: { width, height: 800 },
        locale: 'de-DE',
        timezoneId: 'Europe/Zurich',
      });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${demo.server().url}/login`);
      await page.getByRole('dialog', { name: deAuth.cookies.title }).getByRole('button').click();
      await page.locator('input[autocomplete="username"]').fill(DEMO_ADMIN);
      await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: deAuth.login.submit, exact: true }).click();
      await waitForLandingScreen(page);
      await switchLanguage(page, 'de-DE');
      return { context, page, errors };
    }

    it('opens a rope document from the search at once, and says so when a linked document is missing', {
      timeout: 180_000,
    }, async () => {
      const { context, page, errors } = await open(1280);
      const { results } = await pageGet<{ results: SearchResult[] }>(page, '/search?filter=Rope%20certificate');
      const result = results.find(
        (entry) => entry.type === 'document' && /\/ropes\/\d+\?document=\d+$/.test(entry.url),
      );
      expect(result, 'a rope document among the search results').toBeDefined();
      if (!result) return;

      // The name is the result's link; it lands on the rope page with the document open, without any scrolling.
      await page.goto(`${demo.server().url}/search?filter=${encodeURIComponent(result.name)}`);
      await page.getByRole('table', { name: deSearch.results }).waitFor();
      await page.getByRole('link', { name: result.name, exact: true }).first().click();
      await page.waitForURL((address) => address.search === `?document=${result.id}`);
      const viewer = page.getByRole('dialog', { name: result.name });
      await viewer.waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      await keepScreenshot(page, 'deep-link-rope-document-de-1280');
      await viewer.getByRole('button', { name: deDocuments.viewer.close }).click();
      await viewer.waitFor({ state: 'detached' });
      await page.waitForURL((address) => address.search === '');
      // Scrolled to after the dialog's exit transition, in the frame after: on a busy machine that is a moment later.
      await expect
        .poll(() => inView(page, '[data-testid="documents-panel"]'), { message: 'the list the link pointed into' })
        .toBe(true);

      // A link to a document that does not exist: the list, with the message in view.
      const ropePath = new URL(result.url, demo.server().url).pathname;
      await page.goto(`${demo.server().url}${ropePath}?document=999999`);
      const missing = page.getByTestId('documents-panel').getByText(deDocuments.viewer.notFound);
      await missing.waitFor({ timeout: 30_000 });
      await page.waitForTimeout(300);
      await expect.poll(() => inView(page, `text=${deDocuments.viewer.notFound}`)).toBe(true);
      await keepScreenshot(page, 'deep-link-missing-document-de-1280');
      expect(await seriousAxeViolations(page, '[data-testid="documents-panel"]')).toEqual([]);
      // Closing the message forgets the link.
      await page.getByTestId('documents-panel').getByRole('button', { name: deCommon.actions.close }).click();
      await page.waitForURL((address) => address.search === '');
      await missing.waitFor({ state: 'detached' });

      // The same on a project's deep link.
      const { projects } = await pageGet<{ projects: { id: number }[] }>(page, '/habel/installations');
      await page.goto(`${demo.server().url}/documents/${projects[0]!.id}/999999`);
      await page.getByText(deDocuments.viewer.notFound).waitFor({ timeout: 30_000 });
      await context.close();
      expect(errors).toEqual([]);
    });

    it('fits search results and projects into 375 px, with the name as the link', { timeout: 180_000 }, async () => {
      const { context, page, errors } = await open(375);
      await page.goto(`${demo.server().url}/search?filter=haul`);
      const table = page.getByRole('table', { name: deSearch.results });
      await table.waitFor();
      await waitForScreen(page);
      expect(await pageWidth(page), 'search page width').toBeLessThanOrEqual(375);
      const firstLink = table.getByRole('link').first();
      const name = (await firstLink.textContent()) ?? '';
      expect(name.length).toBeGreaterThan(0);
      expect(await inView(page, 'table a[href]'), 'the first result link on screen').toBe(true);
      await keepScreenshot(page, 'search-page-de-375');
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.goto(`${demo.server().url}/documents`);
      await page.getByRole('heading', { name: deDocuments.projects.newest }).waitFor();
      await page.getByRole('table', { name: deDocuments.projects.projects }).waitFor();
      await waitForScreen(page);
      expect(await pageWidth(page), 'projects page width').toBeLessThanOrEqual(375);
      expect(await inView(page, 'table a[href^="/documents/"]'), 'the first project link on screen').toBe(true);
      await keepScreenshot(page, 'projects-de-375', { fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      // A project's facts read as labels in the session's language, not as the external system's codes.
      const { projects } = await pageGet<{ projects: { id: number; facilityType: string | null }[] }>(
        page,
        '/habel/installations',
      );
      const project = projects.find(
        (entry) => entry.facilityType && entry.facilityType in deInstallations.options.ropewayType,
      );
      expect(project, 'a demo project of a known ropeway type').toBeDefined();
      if (!project) return;
      const type = project.facilityType as keyof typeof deInstallations.options.ropewayType;
      await page.goto(`${demo.server().url}/documents/${project.id}`);
      await page.getByText(deInstallations.options.ropewayType[type], { exact: true }).waitFor();
      expect(await page.getByText(type, { exact: true }).count()).toBe(0);
      expect(await pageWidth(page), 'project page width').toBeLessThanOrEqual(375);
      // Sizes in the locale's units: "1,1 kB" in German, "1,1 ko" in French.
      const panel = page.getByTestId('documents-panel');
      await panel
        .getByText(/\d,\d\skB/)
        .first()
        .waitFor();
      await keepScreenshot(page, 'project-de-375', { fullPage: true });

      await switchLanguage(page, 'fr-FR');
      await page.getByText(frInstallations.options.ropewayType[type], { exact: true }).waitFor();
      await panel
        .getByText(/\d,\d\sko/)
        .first()
        .waitFor();
      expect(await panel.getByText(/KB/).count()).toBe(0);
      await keepScreenshot(page, 'project-fr-375', { fullPage: true });
      await page.goto(`${demo.server().url}/search?filter=haul`);
      await page.getByRole('table').waitFor();
      await waitForScreen(page);
      expect(await pageWidth(page), 'search page width in French').toBeLessThanOrEqual(375);
      await keepScreenshot(page, 'search-page-fr-375');
      await context.close();
      expect(errors).toEqual([]);
    });
  },
);
