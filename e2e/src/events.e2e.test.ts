import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phonePhoto } from '../../apps/api/test/support/photo.ts';
import enCharts from '../../apps/web/src/i18n/locales/en-US/charts.json';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enDocuments from '../../apps/web/src/i18n/locales/en-US/documents.json';
import enEnums from '../../apps/web/src/i18n/locales/en-US/enums.json';
import enEvents from '../../apps/web/src/i18n/locales/en-US/events.json';
import enSettings from '../../apps/web/src/i18n/locales/en-US/settings.json';
import enValidation from '../../apps/web/src/i18n/locales/en-US/validation.json';
import {
  type DamageChartAnswer,
  damageWindow,
  decodeDamageChart,
} from '../../packages/domain/src/ropes/damage-chart-answer.ts';
import { browserMissing, keepScreenshot } from './browser.ts';
import { openSignedIn, pageApi, pageGet, signInAsDemo, signInForCalls, useDemoServer } from './demo-session.ts';
import { revealDeferredSections } from './screen-check.ts';
import { ENGLISH_ADMIN_IN_UTC, GERMAN_CLIENT_IN_ZURICH, newWorldContext, text } from './world.ts';

interface RopeRow {
  id: number;
  name: string;
  installation: { id: number };
  area?: { id: number };
  attributes: { ropeApplication?: string; positionOffset?: number };
}

/** A demo haul rope with a splice inspection, and where its rope page is. */
async function findSplicedRope(page: Page): Promise<{ rope: RopeRow; path: string }> {
  const { ropes } = await pageGet<{ ropes: RopeRow[] }>(page, '/ropes');
  for (const rope of ropes.filter((candidate) => candidate.attributes.ropeApplication === 'haulRope')) {
    const splices = await pageGet<{ total: number }>(
      page,
      `/ropes/${rope.id}/events?search=spliceInspection&pageSize=1`,
    );
    if (splices.total === 0) continue;
    const { installation } = await pageGet<{ installation: { area: { id: number } } }>(
      page,
      `/installations/${rope.installation.id}`,
    );
    return { rope, path: `/areas/${installation.area.id}/installations/${rope.installation.id}/ropes/${rope.id}` };
  }
  throw new Error('no demo rope with a splice inspection');
}

/** Drags along the damage chart's plot between two shares of its width, and waits for the zoom in the address. */
async function dragAlongChart(page: Page, chart: Locator, from: number, to: number) {
  const plot = chart.locator('.u-over');
  await plot.scrollIntoViewIfNeeded();
  const box = await plot.boundingBox();
  if (!box) throw new Error('the damage chart has no plot area');
  await page.mouse.move(box.x + box.width * from, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  await page.waitForURL(/zoomFrom=.*zoomTo=/);
}

describe.skipIf(Boolean(browserMissing))(
  `rope events and damage charts in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const demo = useDemoServer();

    it('adds a damage, sees table and chart change, edits a status inline, reads it in the history, zooms, shows splice bands and a splice photo upright in the gallery', async () => {
      const context = await newWorldContext(demo.browser(), { world: ENGLISH_ADMIN_IN_UTC, width: 1400, height: 1000 });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signInForCalls(page, demo.server().url);
      const { rope, path } = await findSplicedRope(page);
      await openSignedIn(page, demo.server().url, path);

      const chart = page.getByTestId('damage-chart');
      await chart.waitFor();
      // The events table is below the fold: it loads when scrolled near.
      await revealDeferredSections(page);
      const pointsBefore = Number(await chart.getAttribute('data-points'));
      const table = page.getByRole('table', { name: enEvents.table.title });
      await table.waitFor();

      // 3 broken wires just inside the worst 6d window, so the rope's damage and its gauge must change.
      const before = decodeDamageChart(await pageGet<DamageChartAnswer>(page, `/ropes/${rope.id}/events/damage`));
      const values = before.series[0]!.value;
      const worst = values.indexOf(Math.max(...values));
      const worstPosition = before.damages.position[before.first[worst]!]!;
      const position = Math.round((worstPosition + 0.001) * 1000) / 1000;
      const shown = position.toLocaleString('en-US', { maximumFractionDigits: 3 });
      const gauge = page.getByRole('img', { name: /^Damage / }).first();
      const gaugeBefore = await gauge.getAttribute('aria-label');
      await page.getByRole('button', { name: enEvents.toolbar.addDamage }).click();
      const dialog = page.getByRole('dialog', { name: enEvents.dialog.titleNew });
      await dialog.getByRole('button', { name: enCommon.actions.save }).click();
      await dialog.getByText(enValidation.required).waitFor();
      await dialog.getByLabel(enCommon.fields.position).fill(String(position));
      await dialog.getByRole('tab', { name: enEvents.tabs.specifics }).click();
      await dialog.getByLabel(enEvents.fields.damageCount).fill('3');
      await dialog.getByTestId('loss-converted').waitFor();
      await dialog.getByRole('button', { name: enCommon.actions.save }).click();
      await dialog.waitFor({ state: 'detached' });

      await expect.poll(() => gauge.getAttribute('aria-label')).not.toBe(gaugeBefore);
      const row = table.getByRole('row').filter({ hasText: shown });
      await row.waitFor();
      expect(await row.textContent()).toContain(enEnums.eventTypes.wireBreak);
      await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBe(pointsBefore + 1);
      // With nothing hovered the legend has no values, and no colon trails its labels.
      const colons = () =>
        chart
          .locator('.u-legend th')
          .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::after').content));
      expect(new Set(await colons())).toEqual(new Set(['none']));
      // Hovering a window, the legend tells what makes up its value.
      await chart.locator('.u-over').scrollIntoViewIfNeeded();
      const hover = (await chart.locator('.u-over').boundingBox())!;
      await page.mouse.move(hover.x + hover.width / 3, hover.y + hover.height / 2);
      await page.mouse.move(hover.x + hover.width / 2, hover.y + hover.height / 2, { steps: 5 });
      const wiresText = enCharts.damage.windowPercent.split('{{wires}}')[1]!.split('{{events}}')[0]!;
      await expect.poll(() => chart.locator('.u-legend').textContent()).toContain(wiresText);
      expect(await colons()).toContain('":"');
      // The chart's windows hold the new event with its 3 broken wires (positions there are datum positions).
      const listed = await pageGet<{ ropeEvents: { id: number; position: number }[] }>(
        page,
        `/ropes/${rope.id}/events?search=wireBreak&pageSize=0`,
      );
      const added = listed.ropeEvents.find((event) => event.position === position);
      expect(added).toBeDefined();
      const damage = decodeDamageChart(await pageGet<DamageChartAnswer>(page, `/ropes/${rope.id}/events/damage`));
      const windows = Array.from(damage.first, (_, index) => damageWindow(damage, 0, index));
      const window = windows.find((candidate) => candidate.events.includes(added?.id ?? 0));
      expect(window?.count).toBeGreaterThanOrEqual(3);

      // The status cell changes the status at once.
      await row
        .getByRole('button', { name: enEvents.table.changeStatus.replace('{{status}}', enEnums.actionStatuses.new) })
        .click();
      await page.getByRole('menuitem', { name: enEnums.actionStatuses.repaired }).click();
      await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('repaired');
      const stored = await pageGet<{
        ropeEvents: { id: number; position: number; attributes: { actionStatus: string } }[];
      }>(page, `/ropes/${rope.id}/events?search=wireBreak&pageSize=0`);
      expect(stored.ropeEvents.find((event) => event.position === position)?.attributes.actionStatus).toBe('repaired');
      // The event's history: the status change on top, the first version below.
      await row.getByRole('button', { name: enCommon.actions.edit }).click();
      const editDialog = page.getByRole('dialog', { name: enEvents.dialog.titleEdit });
      await editDialog.getByRole('button', { name: enEvents.dialog.history }).click();
      const historyRows = page.getByRole('table', { name: enEvents.history.title }).locator('tbody tr');
      await expect.poll(() => historyRows.count()).toBe(2);
      const statusChange = enEvents.history.change
        .replace('{{field}}', enCommon.fields.status)
        .replace('{{before}}', enEnums.actionStatuses.new)
        .replace('{{after}}', enEnums.actionStatuses.repaired);
      expect(await historyRows.first().textContent()).toContain(statusChange);
      expect(await historyRows.last().textContent()).toContain(enEvents.history.created);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: enEvents.history.title }).waitFor({ state: 'detached' });

      await page.keyboard.press('Escape');
      await editDialog.waitFor({ state: 'detached' });

      await keepScreenshot(page, 'rope-events', { fullPage: true });

      // Dragging along the chart zooms it, and the table keeps only the events inside the zoom.
      await dragAlongChart(page, chart, 0.02, 0.12);
      const zoom = new URL(page.url()).searchParams;
      const [from, to] = [Number(zoom.get('zoomFrom')), Number(zoom.get('zoomTo'))];
      await page.getByRole('button', { name: enCharts.resetZoom }).waitFor();
      await expect
        .poll(async () => {
          const positions = await table.locator('tbody tr td:nth-child(4)').allTextContents();
          // The datum position the zoom filters on; an MRT finding adds the device's reading below it.
          const device = enEvents.table.devicePosition.split('{{')[0]!;
          return positions.every((text) => {
            const value = Number(text.split(device)[0]!.replaceAll(',', ''));
            return text === enEvents.table.global || (value >= from && value <= to);
          });
        })
        .toBe(true);
      await keepScreenshot(chart, 'damage-chart');
      await page.getByRole('button', { name: enCharts.resetZoom }).click();
      await expect.poll(() => new URL(page.url()).searchParams.has('zoomFrom')).toBe(false);

      // A splice inspection of the demo data shows its parts in deviation bands.
      const searchBox = page.getByLabel(enEvents.search.label);
      const splice = table.getByRole('row').filter({ hasText: enEnums.eventTypes.spliceInspection }).first();
      // Typed again if the events section was drawn anew after the zoom reset and came back with an empty search (seen
      // once on a loaded machine): the check is that a splice inspection is found, not when the section settles.
      await expect
        .poll(
          async () => {
            if ((await searchBox.inputValue()) !== 'spliceInspection') await searchBox.fill('spliceInspection');
            return splice.count();
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0)
        .catch(async (error: unknown) => {
          // Says what the page showed instead (seen once in CI, not reproduced): its address, the search and the rows.
          const rows = await table.locator('tbody tr').allTextContents();
          const shownState = { url: page.url(), search: await searchBox.inputValue(), rows: rows.slice(0, 5) };
          await keepScreenshot(page, 'splice-search-failed', { fullPage: true });
          throw new Error(`no splice inspection listed: ${JSON.stringify(shownState)}`, { cause: error });
        });
      await splice.getByRole('button', { name: /^(Edit|Show)$/ }).click();
      const spliceDialog = page.getByRole('dialog', { name: /^(Edit event|Event)$/ });
      await spliceDialog.getByRole('tab', { name: enEvents.tabs.splice.replace('{{number}}', '1') }).click();
      const bands = await spliceDialog
        .getByTestId('splice-deviation')
        .evaluateAll((cells) =>
          cells.map((cell) => [cell.getAttribute('data-band'), getComputedStyle(cell).backgroundColor]),
        );
      expect(bands.length).toBeGreaterThan(0);
      expect(bands.every(([band]) => band === 'green' || band === 'yellow' || band === 'red')).toBe(true);
      expect(bands.every(([, colour]) => colour !== 'rgba(0, 0, 0, 0)')).toBe(true);
      await keepScreenshot(page, 'event-splice-tab');

      // A phone photo of the splice, stored sideways with its GPS position: the gallery shows a small upright copy.
      await spliceDialog.getByRole('button', { name: enDocuments.widget.eventTitle }).click();
      const eventDocuments = page.getByRole('dialog', { name: enDocuments.widget.eventTitle });
      const chooser = page.waitForEvent('filechooser');
      await eventDocuments.getByRole('button', { name: enDocuments.upload.button }).click();
      const photo = await phonePhoto({ width: 640, height: 480, orientation: 6 });
      await (await chooser).setFiles([{ name: 'Splice 1.jpg', mimeType: 'image/jpeg', buffer: photo }]);
      const thumbnail = eventDocuments.getByTestId('document-gallery').locator('img').first();
      await thumbnail.waitFor();
      expect(await thumbnail.getAttribute('src')).toMatch(/^\/api\/documents\/\d+\/thumbnail$/);
      const natural = () =>
        thumbnail.evaluate((image) => [
          (image as HTMLImageElement).naturalWidth,
          (image as HTMLImageElement).naturalHeight,
        ]);
      await expect.poll(natural).toEqual([240, 320]);
      await keepScreenshot(eventDocuments, 'event-documents-gallery');
      expect(errors).toEqual([]);
    }, 180_000);

    it('keeps a zoom reset when the address is written again before the page is drawn anew (German client)', async () => {
      const world = GERMAN_CLIENT_IN_ZURICH;
      const context = await newWorldContext(demo.browser(), { world, width: 1280, height: 900 });
      const page = await context.newPage();
      await signInForCalls(page, demo.server().url, world.user);
      const { ropes } = await pageGet<{ ropes: RopeRow[] }>(page, '/ropes');
      // The client's rope with the most events: a wide zoom of it still has a second page of events.
      const totals = await Promise.all(
        ropes.map((each) => pageGet<{ total: number }>(page, `/ropes/${each.id}/events?pageSize=1`)),
      );
      const rope = ropes[totals.indexOf(totals.reduce((most, each) => (each.total > most.total ? each : most)))]!;
      const { installation } = await pageGet<{ installation: { area: { id: number } } }>(
        page,
        `/installations/${rope.installation.id}`,
      );
      await openSignedIn(
        page,
        demo.server().url,
        `/areas/${installation.area.id}/installations/${rope.installation.id}/ropes/${rope.id}`,
      );
      const chart = page.getByTestId('damage-chart');
      await chart.waitFor();
      await revealDeferredSections(page);
      const next = page.getByRole('button', { name: text(world.language, 'app:pager.next') }).first();
      await next.waitFor();
      await dragAlongChart(page, chart, 0.01, 0.99);
      const reset = page.getByRole('button', { name: text(world.language, 'charts:resetZoom') });
      await reset.waitFor();
      await next.waitFor();
      // The reset and a page change in one task: the second write happens before the reset is drawn. Written from the
      // parameters last drawn (React Router's own update), it brought the zoom back.
      await Promise.all(
        [reset, next].map((button) => button.evaluate((element) => element.setAttribute('data-hit', ''))),
      );
      await page.evaluate(() => {
        for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-hit]')) button.click();
      });
      await reset.waitFor({ state: 'detached' });
      // Held, not only reached: the zoom does not come back.
      await page.waitForTimeout(2_000);
      expect(new URL(page.url()).searchParams.has('zoomFrom')).toBe(false);
      expect(await reset.count()).toBe(0);
      await context.close();
    }, 120_000);

    it("shows the installation's last events at datum positions, with the device's reading below", async () => {
      const context = await newWorldContext(demo.browser(), { world: ENGLISH_ADMIN_IN_UTC, width: 1280, height: 900 });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signInForCalls(page, demo.server().url);
      const { ropes } = await pageGet<{ ropes: RopeRow[] }>(page, '/ropes');
      const rope = ropes.find((candidate) => (candidate.attributes.positionOffset ?? 0) >= 1);
      if (!rope) throw new Error('no demo rope with a position offset');
      const offset = rope.attributes.positionOffset!;
      // A damage found by MRT, typed in from the device's report: the newest event of its installation.
      const created = await pageApi(page, '/events', {
        method: 'POST',
        body: {
          ropeEvent: {
            rope: { id: rope.id },
            position: 123.45,
            attributes: {
              timestamp: new Date().toISOString(),
              recordingType: 'damage',
              type: 'wireBreak',
              damageCount: 1,
              detection: 'mrt',
            },
          },
        },
      });
      expect(created.status).toBe(200);
      const { installation } = await pageGet<{ installation: { area: { id: number } } }>(
        page,
        `/installations/${rope.installation.id}`,
      );
      await openSignedIn(
        page,
        demo.server().url,
        `/areas/${installation.area.id}/installations/${rope.installation.id}`,
      );
      const table = page.getByRole('table', { name: enEvents.table.title });
      const format = (metres: number) =>
        metres.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 });
      const device = enEvents.table.devicePosition.replace('{{position}}', format(123.45));
      const row = table.getByRole('row').filter({ hasText: device });
      await row.waitFor();
      const cell = row.getByRole('cell').nth(4);
      expect(await cell.textContent()).toBe(`${format(123.45 + offset)}${device}`);
      await table.scrollIntoViewIfNeeded();
      await keepScreenshot(page, 'installation-last-events');
      expect(errors).toEqual([]);
    }, 120_000);

    it('loads tooltips and the rule set popover with their first use, on the element the page drew', async () => {
      const context = await newWorldContext(demo.browser(), { world: ENGLISH_ADMIN_IN_UTC, width: 1280, height: 800 });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await signInAsDemo(page, demo.server().url);
      const { path } = await findSplicedRope(page);
      scripts.length = 0;
      await page.goto(`${demo.server().url}${path}`);
      await page.getByTestId('damage-chart').waitFor();
      await page.waitForLoadState('networkidle');
      // floating-ui (tooltips, popovers) is not part of the rope page's first download.
      expect(scripts.filter((script) => script.includes('/floating-'))).toEqual([]);

      const settings = page.getByRole('button', { name: enSettings.title });
      await settings.hover();
      await page.getByRole('tooltip', { name: enSettings.title }).waitFor();
      await page.mouse.move(0, 0);
      await page.getByRole('tooltip').waitFor({ state: 'detached' });

      const ruleSet = page.getByRole('button', { name: new RegExp(`\\(${enCharts.ruleSet.open}\\)`) });
      expect(await ruleSet.getAttribute('aria-expanded')).toBe('false');
      await ruleSet.click();
      const dropdown = page.getByRole('dialog').filter({ hasText: enCharts.ruleSet.row.split('{{')[0]! });
      await dropdown.waitFor();
      expect(await ruleSet.getAttribute('aria-expanded')).toBe('true');
      expect(await dropdown.getAttribute('id')).toBe(await ruleSet.getAttribute('aria-controls'));
      // A click on the button closes it (not closed as outside, then opened again).
      await ruleSet.click();
      await dropdown.waitFor({ state: 'detached' });
      await ruleSet.click();
      await dropdown.waitFor();
      await page.keyboard.press('Escape');
      await dropdown.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    }, 120_000);
  },
);
