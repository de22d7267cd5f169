import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import deCommon from '../../apps/web/src/i18n/locales/de-DE/common.json';
import enAreas from '../../apps/web/src/i18n/locales/en-US/areas.json';
import enAuth from '../../apps/web/src/i18n/locales/en-US/auth.json';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enInstallations from '../../apps/web/src/i18n/locales/en-US/installations.json';
import enMaps from '../../apps/web/src/i18n/locales/en-US/maps.json';
import enRopes from '../../apps/web/src/i18n/locales/en-US/ropes.json';
import { browserMissing, keepScreenshot, launchBrowser } from './browser.ts';
import { DEMO_PASSWORD, waitForLandingScreen } from './demo-session.ts';
import { revealDeferredSections, seriousAxeViolations, waitForScreen } from './screen-check.ts';
import { type RunningServer, startServer } from './server.ts';

const ALPINA_AREAS = ['Davos Klosters', 'Engelberg-Titlis', 'Verbier', 'Zermatt'];
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, key) => values[key] ?? '');

/** A small site plan (PNG, light grid) drawn by the browser, so the upload needs no fixture file. */
async function sitePlanPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 320;
    const draw = canvas.getContext('2d');
    if (!draw) return '';
    draw.fillStyle = '#ecf2ec';
    draw.fillRect(0, 0, canvas.width, canvas.height);
    draw.strokeStyle = '#bec8d7';
    for (let x = 0; x <= canvas.width; x += 40) draw.strokeRect(x, 0, 0, canvas.height);
    for (let y = 0; y <= canvas.height; y += 40) draw.strokeRect(0, y, canvas.width, 0);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

async function signIn(page: Page, url: string, username: string) {
  await page.goto(`${url}/login`);
  await page.getByRole('dialog', { name: enAuth.cookies.title }).getByRole('button').click();
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: enAuth.login.submit, exact: true }).click();
  await waitForLandingScreen(page);
}

/** Drags with the mouse in small steps, the way dnd-kit's pointer sensor expects a person to. */
async function dragTo(page: Page, handle: Locator, target: Locator) {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.up();
}

const rowNames = (page: Page) =>
  page.getByTestId('hierarchy-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name')));

/** Screenshots show the screen, not the toasts of the last saves. */
async function quietNotifications(page: Page) {
  await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000 }).toBe(0);
}

async function pickOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.skipIf(Boolean(browserMissing))(
  `areas, installations and ropes in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    let server: RunningServer;
    let browser: Browser;
    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      const code = await server?.stop();
      expect(code).toBe(0);
    });

    async function newPage() {
      const context = await browser.newContext({
        viewport: { width: 1400, height: 900 },
        locale: 'en-US',
        acceptDownloads: true,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { page, errors };
    }

    it('shows a client only the areas of its mandator, without mandator column or add button', async () => {
      const { page, errors } = await newPage();
      await signIn(page, server.url, 'client@example.com');
      await page.waitForURL(/\/areas$/);
      await expect.poll(() => page.getByTestId('area-row').allInnerTexts()).toHaveLength(ALPINA_AREAS.length);
      expect((await page.getByTestId('area-row').allInnerTexts()).map((text) => text.trim()).sort()).toEqual(
        ALPINA_AREAS,
      );
      expect(await page.getByRole('columnheader', { name: deCommon.fields.mandator }).count()).toBe(0);
      expect(await page.getByRole('button', { name: deCommon.actions.add, exact: true }).count()).toBe(0);
      expect(errors).toEqual([]);
    });

    it('lets an admin build an area with installations and a rope, reorder, archive, and keep settings as JSON', async () => {
      const { page, errors } = await newPage();
      await signIn(page, server.url, 'admin@example.com');
      await page.waitForURL(/\/areas$/);

      // The list with all eight demo areas, their markers drawn although no tile server answers.
      await expect.poll(() => page.getByTestId('area-row').count()).toBe(8);
      await expect.poll(() => page.locator('.rope-map-marker').count()).toBe(8);
      await page.getByRole('columnheader', { name: enCommon.fields.mandator }).waitFor();
      await page.getByTestId('area-row').filter({ hasText: 'Zermatt' }).hover();
      await expect
        .poll(() => page.locator('.rope-map-marker[title="Zermatt"]').evaluate((el) => el.clientWidth))
        .toBe(26);
      await keepScreenshot(page, 'areas-list');

      // A demo area: its installations with gauges, their lines on the map.
      await page.getByTestId('area-row').filter({ hasText: 'Zermatt' }).click();
      await page.waitForURL(/\/areas\/\d+$/);
      await expect.poll(() => page.getByTestId('hierarchy-row').count()).toBeGreaterThan(1);
      await expect.poll(() => page.locator('path.rope-map-line').count()).toBeGreaterThan(1);
      await keepScreenshot(page, 'area');
      await page
        .getByRole('navigation', { name: enAreas.breadcrumb.label })
        .getByRole('link', { name: enAreas.breadcrumb.all })
        .click();
      await page.waitForURL(/\/areas$/);
      await page.getByRole('searchbox', { name: enAreas.search.label }).fill('ZERM');
      await expect.poll(() => page.getByTestId('area-row').count()).toBe(1);
      await page.getByRole('searchbox', { name: enAreas.search.label }).fill('');

      // A new area: the form refuses it without a name, then saves it.
      await page.getByRole('button', { name: enCommon.actions.add, exact: true }).click();
      const areaDialog = page.getByRole('dialog', { name: enAreas.dialog.titleNew });
      await areaDialog.getByRole('button', { name: enCommon.actions.save }).click();
      await areaDialog.getByText('A value needs to be provided for the field').first().waitFor();
      await areaDialog.getByRole('textbox', { name: enCommon.fields.name }).fill('E2E Valley');
      await pickOption(page, areaDialog, enCommon.fields.mandator, 'Tirol Arlberg Seilbahnen GmbH');
      await areaDialog.getByRole('textbox', { name: enAreas.dialog.latitude }).fill('46.9');
      await areaDialog.getByRole('textbox', { name: enAreas.dialog.longitude }).fill('8.3');
      await keepScreenshot(page, 'area-dialog');
      await areaDialog.getByRole('button', { name: enCommon.actions.save }).click();
      await areaDialog.waitFor({ state: 'detached' });
      await page.getByTestId('area-row').filter({ hasText: 'E2E Valley' }).click();
      await page.waitForURL(/\/areas\/\d+$/);
      const areaUrl = page.url();

      // Two installations, named by the API, then reordered by drag.
      await page.getByText(enInstallations.list.empty).waitFor();
      for (const name of ['Installation 1', 'Installation 2']) {
        await page.getByRole('button', { name: enCommon.actions.add, exact: true }).click();
        await page.locator(`[data-name="${name}"]`).waitFor();
      }
      expect(await rowNames(page)).toEqual(['Installation 1', 'Installation 2']);
      // The notices of those adds: each close button is named, so axe finds nothing serious while they show.
      const toast = page.locator('.mantine-Notification-root').first();
      await toast.waitFor();
      expect(await toast.getByRole('button', { name: enCommon.actions.close }).count()).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const handle = page.getByRole('button', {
        name: fill(enCommon.actions.dragHandle, { name: 'Installation 2' }),
      });
      // The list shows the move at once, before the request leaves: the reload waits for the server's answer, as a
      // person's would (a reload in the same millisecond once came before the request and found the old order).
      const moved = page.waitForResponse(
        (response) => response.url().includes('/order-before') && response.request().method() === 'POST',
      );
      await dragTo(page, handle, page.locator('[data-name="Installation 1"]'));
      await expect.poll(() => rowNames(page)).toEqual(['Installation 2', 'Installation 1']);
      expect((await moved).status()).toBe(204);
      await page.reload();
      await expect.poll(() => rowNames(page)).toEqual(['Installation 2', 'Installation 1']);

      // Place Installation 1 on the map: its pin, then a click on the map.
      await page
        .getByRole('button', { name: fill(enInstallations.list.placeOnMap, { name: 'Installation 1' }) })
        .click();
      await page.getByRole('region', { name: enAreas.detail.map }).click({ position: { x: 220, y: 240 } });
      await page.locator('.rope-map-marker[title="Installation 1"]').waitFor();

      // Archive Installation 2 (confirmed), find it among the archived, restore it.
      await page.getByRole('button', { name: fill(enCommon.actions.archiveItem, { name: 'Installation 2' }) }).click();
      await page.getByRole('dialog').getByRole('button', { name: enCommon.actions.archive }).click();
      await expect.poll(() => rowNames(page)).toEqual(['Installation 1']);
      await page.getByLabel(enAreas.detail.showArchived).click();
      await expect.poll(() => rowNames(page)).toEqual(['Installation 2']);
      await page.getByRole('button', { name: fill(enCommon.actions.restoreItem, { name: 'Installation 2' }) }).click();
      await page.getByText(enInstallations.list.archivedEmpty).waitFor();
      await page.getByLabel(enAreas.detail.showArchived).click();
      await expect.poll(() => rowNames(page)).toEqual(['Installation 2', 'Installation 1']);
      await quietNotifications(page);
      await keepScreenshot(page, 'area-created');

      // Installation 1: a rope, settings saved, downloaded, a bad file refused, the good one loaded back.
      await page
        .getByRole('list', { name: enInstallations.list.title })
        .getByRole('button', { name: 'Installation 1', exact: true })
        .click();
      await page.waitForURL(/\/installations\/\d+$/);
      // As a user would, the page is read before it is used: its parts still loading may replace the button, and
      // under load the area's page (whose Add makes an installation) stays on screen until the new page has loaded.
      await page.getByRole('heading', { level: 1, name: 'Installation 1', exact: true }).waitFor();
      await waitForScreen(page);
      await page.getByRole('button', { name: enCommon.actions.add, exact: true }).click();
      await page.locator('[data-name="Rope 1"]').waitFor();
      await page.getByRole('button', { name: enInstallations.settings.title }).click();
      let settings = page.getByRole('dialog', { name: enInstallations.settings.title });
      await settings.getByRole('textbox', { name: enInstallations.attributes.constructionYear }).fill('2001');
      await settings.getByRole('button', { name: enCommon.actions.save }).click();
      await settings.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: enInstallations.settings.title }).click();
      settings = page.getByRole('dialog', { name: enInstallations.settings.title });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        settings.getByRole('button', { name: enInstallations.settingsFile.download }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Installation 1.json');
      const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
      expect(file).toMatchObject({ kind: 'installation', version: 1, name: 'Installation 1' });
      expect(file.attributes.constructionYear).toBe(2001);

      const jsonInput = settings.locator('input[type="file"][accept="application/json"]');
      const bad = { ...file, attributes: { ...file.attributes, clampType: 'glue' } };
      await jsonInput.setInputFiles({
        name: 'bad.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(bad)),
      });
      await settings.getByText(enInstallations.settingsFile.invalid).waitFor();
      // The problem names the field as the form labels it, never its path (attributes.clampType).
      await settings.getByText(`${enInstallations.attributes.clampType}: `, { exact: false }).waitFor();
      expect(await settings.getByText(/attributes\.clampType/).count()).toBe(0);
      expect(await settings.getByRole('textbox', { name: enCommon.fields.name, exact: true }).inputValue()).toBe(
        'Installation 1',
      );
      const good = {
        ...file,
        name: 'Installation 1 (loaded)',
        attributes: { ...file.attributes, constructionYear: 1995 },
      };
      await jsonInput.setInputFiles({
        name: 'good.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(good)),
      });
      await settings.getByText(enInstallations.settingsFile.loaded).waitFor();
      expect(
        await settings.getByRole('textbox', { name: enInstallations.attributes.constructionYear }).inputValue(),
      ).toBe('1995');
      // A settings file is a template for attributes: the installation keeps its own name.
      expect(await settings.getByRole('textbox', { name: enCommon.fields.name, exact: true }).inputValue()).toBe(
        'Installation 1',
      );
      await keepScreenshot(page, 'installation-settings');

      // The site plan for the image map, with its upload progress and result.
      await settings.getByRole('tab', { name: enInstallations.settings.tabs.map }).click();
      await settings
        .locator('input[type="file"][accept="image/jpeg,image/png"]')
        .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: await sitePlanPng(page) });
      await settings.getByText(enInstallations.settings.uploaded).waitFor();
      await settings.getByRole('button', { name: enCommon.actions.save }).click();
      await settings.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Installation 1', exact: true }).waitFor();

      // Draw Rope 1 on the site plan.
      const imageMap = page.getByRole('region', { name: enInstallations.detail.imageMapLabel });
      await imageMap.waitFor();
      await pickOption(page, page.locator('main'), enMaps.draw.item, 'Rope 1');
      await page.getByRole('button', { name: enMaps.draw.start }).click();
      for (const [x, y] of [
        [120, 140],
        [260, 220],
        [420, 260],
      ] as const) {
        await imageMap.click({ position: { x, y } });
      }
      await page.getByRole('button', { name: enMaps.draw.finish }).click();
      await page.locator('path.rope-map-line').waitFor();
      await quietNotifications(page);
      await keepScreenshot(page, 'installation', { fullPage: true });

      // The rope page frame and its settings.
      await page
        .getByRole('list', { name: enRopes.list.title })
        .getByRole('button', { name: 'Rope 1', exact: true })
        .click();
      await page.waitForURL(/\/ropes\/\d+$/);
      await page
        .getByRole('navigation', { name: enAreas.breadcrumb.label })
        .getByText('Installation 1', { exact: true })
        .waitFor();
      await page.getByRole('button', { name: enRopes.settings.title }).click();
      const ropeSettings = page.getByRole('dialog', { name: enRopes.settings.title });
      await ropeSettings.getByRole('tab', { name: enRopes.settings.tabs.dimensions }).click();
      await ropeSettings.getByRole('textbox', { name: enRopes.attributes.nominalDiameter }).fill('40');
      await ropeSettings.getByRole('button', { name: enCommon.actions.save }).click();
      await ropeSettings.waitFor({ state: 'detached' });
      await page.getByText('40', { exact: true }).waitFor();
      // The chart reads the new settings at once: only the cross-section is still missing.
      const notice = page.getByTestId('damage-unknown-notice').first();
      await notice.getByText(enMaps.gauge.missing.metallicCrossSection).waitFor();
      await expect(notice.getByText(enMaps.gauge.missing.nominalDiameter).count()).resolves.toBe(0);
      await quietNotifications(page);
      await revealDeferredSections(page);
      await keepScreenshot(page, 'rope-page', { fullPage: true });

      await page.goto(areaUrl);
      await expect.poll(() => rowNames(page)).toEqual(['Installation 2', 'Installation 1']);
      expect(errors).toEqual([]);
    }, 240_000);
  },
);
