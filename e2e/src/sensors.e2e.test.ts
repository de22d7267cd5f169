import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enApp from '../../apps/web/src/i18n/locales/en-US/app.json';
import enCharts from '../../apps/web/src/i18n/locales/en-US/charts.json';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enSensors from '../../apps/web/src/i18n/locales/en-US/sensors.json';
import enShell from '../../apps/web/src/i18n/locales/en-US/shell.json';
import { browserMissing, keepScreenshot } from './browser.ts';
import { openSignedIn, pageApi, pageGet, signInAsDemo, signInForCalls, useDemoServer } from './demo-session.ts';
import { openInApp, revealDeferredSections, seriousAxeViolations, waitForScreen } from './screen-check.ts';
import { ENGLISH_ADMIN_IN_UTC, newWorldContext } from './world.ts';

interface MountedRope {
  id: number;
  name: string;
  installation: { id: number; name: string };
  area: { id: number; name: string };
}
interface SmartropeRow {
  id: number;
  name: string;
  uuid: string;
  rope: MountedRope | null;
}
interface DeviceRow {
  id: number;
  name: string;
  rope: MountedRope | null;
  sensors: { id: number; isDeleted: boolean; attributes: { plotlines?: { name: string; position: number }[] } }[];
}
interface EventRow {
  id: number;
  attributes: { isAcknowledged?: boolean; comment?: string };
}

const ropePagePath = (rope: MountedRope) =>
  `/areas/${rope.area.id}/installations/${rope.installation.id}/ropes/${rope.id}`;

/** A demo rope with sensor devices (they are on haul, structural, guy and track ropes). */
async function findSensorRope(page: Page): Promise<MountedRope> {
  const { sensorDevices } = await pageGet<{ sensorDevices: DeviceRow[] }>(page, '/sensor-devices');
  const rope = sensorDevices.find((device) => device.rope)?.rope;
  if (!rope) throw new Error('no demo sensor device on a rope');
  return rope;
}

/** A demo rope carrying a smartrope with events (smartropes are on haul ropes). */
async function findSmartropeRope(page: Page): Promise<MountedRope> {
  const { smartropes } = await pageGet<{ smartropes: SmartropeRow[] }>(page, '/smartropes');
  const rope = smartropes.find((smartrope) => smartrope.rope)?.rope;
  if (!rope) throw new Error('no demo smartrope on a rope');
  return rope;
}

/** Waits for a table to show `count` rows; a picture of the page and its tables' names when it does not. */
async function expectRows(page: Page, table: Locator, count: number, name: string) {
  try {
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBe(count);
  } catch (error) {
    await keepScreenshot(page, `failed-${name}`, { fullPage: true });
    const tables = await page.locator('table').evaluateAll((all) => all.map((t) => t.getAttribute('aria-label')));
    throw new Error(`${name}: ${page.url()} has tables ${JSON.stringify(tables)}`, { cause: error });
  }
}

/** The bucket width a chart shows, once its answer (not the previous one kept while loading) is in. */
async function bucketSeconds(chart: Locator): Promise<number> {
  await expect.poll(() => chart.getAttribute('data-bucket-seconds'), { timeout: 30_000 }).toMatch(/^\d+$/);
  return Number(await chart.getAttribute('data-bucket-seconds'));
}

describe.skipIf(Boolean(browserMissing))(
  `sensor charts, smartrope events and their admin screens in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const demo = useDemoServer();

    /** Signed in at the start screen, or at `path` opened in full (the start screen then not drawn for nothing). */
    async function open(width: number, path?: string) {
      const context = await newWorldContext(demo.browser(), { world: ENGLISH_ADMIN_IN_UTC, width, height: 900 });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      if (path) {
        await signInForCalls(page, demo.server().url);
        await openSignedIn(page, demo.server().url, path);
      } else {
        await signInAsDemo(page, demo.server().url);
      }
      // The start screen settles first: its redirect (/ to /areas) would otherwise override a navigation made now.
      await waitForScreen(page);
      return { page, errors, close: () => context.close() };
    }

    it('charts a rope sensor, changes its range and zooms in at a finer resolution', async () => {
      const { page, errors, close } = await open(1280);
      const rope = await findSensorRope(page);
      const aggregates: { url: string; bucketSeconds: number }[] = [];
      page.on('response', async (response) => {
        if (!response.url().includes('/measurements-aggregates')) return;
        const body = (await response.json().catch(() => null)) as { bucketSeconds?: number } | null;
        if (body?.bucketSeconds) aggregates.push({ url: response.url(), bucketSeconds: body.bucketSeconds });
      });
      await openInApp(page, ropePagePath(rope));
      await waitForScreen(page);
      await revealDeferredSections(page);
      const section = page.getByTestId('sensor-charts');
      await section.waitFor();
      const chart = section.getByTestId('sensor-chart').first();
      await chart.scrollIntoViewIfNeeded();
      await chart.locator('.u-over').waitFor();
      const monthBuckets = await bucketSeconds(chart);

      // A year asks for the year, in wider buckets.
      const asked = aggregates.length;
      await chart.getByText(enCharts.ranges['1Y'], { exact: true }).click();
      await expect.poll(async () => bucketSeconds(chart)).toBeGreaterThan(monthBuckets);
      const yearBuckets = await bucketSeconds(chart);
      expect(aggregates.length).toBeGreaterThan(asked);
      await keepScreenshot(section, 'rope-sensor-charts-1280');

      // Dragging along the chart asks again for the dragged window, at the finer resolution it allows.
      const plot = chart.locator('.u-over');
      const box = await plot.boundingBox();
      if (!box) throw new Error('the sensor chart has no plot area');
      const beforeZoom = aggregates.length;
      await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.43, box.y + box.height / 2, { steps: 6 });
      await page.mouse.up();
      await chart.getByRole('button', { name: enCharts.resetZoom }).waitFor();
      await expect.poll(() => aggregates.length).toBeGreaterThan(beforeZoom);
      const zoomed = aggregates[aggregates.length - 1]!;
      expect(zoomed.bucketSeconds).toBeLessThan(yearBuckets);
      const zoomedWindow = new URL(zoomed.url).searchParams;
      const zoomedSpan = Date.parse(zoomedWindow.get('to')!) - Date.parse(zoomedWindow.get('from')!);
      expect(zoomedSpan).toBeLessThan(0.1 * 365 * 86_400_000);
      await expect.poll(async () => bucketSeconds(chart)).toBe(zoomed.bucketSeconds);
      // Hovering a bucket, the legend tells its mean within its lowest and highest reading.
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 4 });
      // Rows: time, then the first value's band top and bottom (hidden) and its mean.
      const legendValue = chart.locator('.u-legend .u-series').nth(3).locator('.u-value');
      await expect.poll(() => legendValue.textContent()).toMatch(/\(range /);
      const figures = ((await legendValue.textContent()) ?? '')
        .match(/-?[\d,]+(\.\d+)?/g)
        ?.map((figure) => Number(figure.replaceAll(',', '')));
      const [mean, low, high] = figures ?? [];
      expect(low).toBeLessThanOrEqual(mean!);
      expect(mean).toBeLessThanOrEqual(high!);
      await keepScreenshot(chart, 'sensor-chart-zoomed');
      await chart.getByRole('button', { name: enCharts.resetZoom }).click();
      await expect.poll(async () => bucketSeconds(chart)).toBe(yearBuckets);

      // A rope without smartropes has no smartrope events section.
      expect(await page.getByRole('heading', { name: enSensors.events.ropeTitle }).count()).toBe(0);
      expect(await seriousAxeViolations(page, '[data-testid="sensor-charts"]')).toEqual([]);
      await close();
      expect(errors).toEqual([]);
    }, 240_000);

    it("shows a smartrope rope's newest events, opens one with its measurements and acknowledges it", async () => {
      const { page, errors, close } = await open(1280);
      const rope = await findSmartropeRope(page);
      await openInApp(page, ropePagePath(rope));
      await waitForScreen(page);
      await revealDeferredSections(page);
      const events = page.getByRole('table', { name: enSensors.events.ropeTitle });
      await events.waitFor({ timeout: 5000 }).catch(async () => {
        await keepScreenshot(page, 'debug-events', { fullPage: true });
        console.log(
          await page
            .locator('table')
            .evaluateAll((ts) =>
              ts.map(
                (t) =>
                  `${t.getAttribute('aria-label')} ${t.getAttribute('role')} ${getComputedStyle(t).display} ${t.getBoundingClientRect().height}`,
              ),
            ),
        );
      });
      const listed = (await pageGet<{ events: EventRow[] }>(page, `/ropes/${rope.id}/smartrope-events?limit=10`))
        .events;
      expect(listed.length).toBeGreaterThan(0);
      await expect.poll(() => events.locator('tbody tr').count()).toBe(listed.length);
      const index = Math.max(
        listed.findIndex((event) => !event.attributes.isAcknowledged),
        0,
      );
      const row = events.locator('tbody tr').nth(index);
      await row.click();
      const dialog = page.getByRole('dialog', { name: enSensors.events.dialogTitle });
      await dialog.getByTestId('smartrope-event-chart').locator('.u-over').waitFor();
      const acknowledge = dialog.getByLabel(enSensors.events.acknowledge);
      if (!(await acknowledge.isChecked())) await acknowledge.check();
      await dialog.getByLabel(enCommon.fields.comment).fill('Seen on the inspection run');
      expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
      await keepScreenshot(page, 'smartrope-event-dialog-1280');
      await dialog.getByRole('button', { name: enCommon.actions.save }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => row.locator('td').last().textContent()).toBe(enCommon.yes);
      const stored = (await pageGet<{ events: EventRow[] }>(page, `/ropes/${rope.id}/smartrope-events?limit=10`))
        .events[index];
      expect(stored?.attributes).toEqual({ isAcknowledged: true, comment: 'Seen on the inspection run' });
      await events.scrollIntoViewIfNeeded();
      await keepScreenshot(page, 'rope-smartrope-events-1280');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await close();
      expect(errors).toEqual([]);
    }, 240_000);

    it('lists, finds and edits sensor devices: a plotline with only a name gets the rule, with a position it is saved', async () => {
      const { page, errors, close } = await open(1280, '/sensor-devices');
      const table = page.getByRole('table', { name: enShell.nav.sensors });
      await expectRows(page, table, 20, 'sensor-devices');
      await keepScreenshot(page, 'sensor-devices-1280', { fullPage: true });
      await page.getByRole('searchbox', { name: enSensors.devices.search }).fill('SB-01');
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('SB-01');
      await table.locator('tbody tr').first().getByRole('link').first().click();
      await page.getByRole('heading', { level: 1, name: /^SB-01/ }).waitFor();
      const deviceId = Number(new URL(page.url()).pathname.split('/').pop());
      const editor = page.getByTestId('sensor-editor').first();
      await editor.getByTestId('sensor-chart').locator('.u-over').waitFor();
      const plotlines = await editor.getByTestId('plotline-row').count();
      await editor.getByRole('button', { name: enSensors.plotlines.add }).click();
      const added = plotlines + 1;
      const name = enSensors.plotlines.name.replace('{{number}}', String(added));
      await editor.getByLabel(name, { exact: true }).fill('Inspection limit');
      await page.getByRole('button', { name: enCommon.actions.save }).last().click();
      await editor.getByText(enSensors.validation.plotlinePosition).waitFor();
      await page.getByText(enSensors.devices.fixFields).waitFor();
      await editor.scrollIntoViewIfNeeded();
      await keepScreenshot(page, 'sensor-device-plotline-rule-1280', { fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      const position = enSensors.plotlines.position.replace('{{number}}', String(added));
      await editor.getByLabel(position, { exact: true }).fill('12,5');
      await page.getByRole('button', { name: enCommon.actions.save }).last().click();
      await page.getByText(enSensors.saved.replace('{{name}}', '')).first().waitFor();
      const { sensorDevice } = await pageGet<{ sensorDevice: DeviceRow }>(page, `/sensor-devices/${deviceId}`);
      const first = sensorDevice.sensors.find((sensor) => !sensor.isDeleted);
      expect(first?.attributes.plotlines).toContainEqual({
        name: 'Inspection limit',
        position: 12.5,
        color: '#fa5252',
      });
      await close();
      expect(errors).toEqual([]);
    }, 240_000);

    it('lists smartropes, opens one with its events, and tells a taken fabrication number under its field', async () => {
      const { page, errors, close } = await open(1280, '/smartropes');
      const { smartropes } = await pageGet<{ smartropes: SmartropeRow[] }>(page, '/smartropes');
      const table = page.getByRole('table', { name: enShell.nav.smartropes });
      await expectRows(page, table, smartropes.length, 'smartropes');
      await keepScreenshot(page, 'smartropes-1280', { fullPage: true });
      const [first, other] = smartropes;
      if (!first || !other) throw new Error('the demo data has fewer than two smartropes');
      await table.getByRole('link', { name: first.name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
      const events = page.getByRole('table', { name: enSensors.smartropes.events });
      await expect.poll(() => events.locator('tbody tr').count()).toBeGreaterThan(0);
      const uuid = page.getByLabel(enSensors.smartropes.uuid);
      await uuid.fill(other.uuid);
      await page.getByRole('button', { name: enCommon.actions.save }).click();
      await page.getByText(enApp.errors.smartropeUuidTaken).waitFor();
      expect(await uuid.getAttribute('aria-invalid')).toBe('true');
      await keepScreenshot(page, 'smartrope-1280', { fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
      const unchanged = await pageApi<{ smartrope: SmartropeRow }>(page, `/smartropes/${first.id}`);
      expect(unchanged.body.smartrope.uuid).toBe(first.uuid);
      await close();
      expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
    }, 240_000);

    it('takes screenshots of the sensor section and the admin screens at 375 px', async () => {
      const { page, errors, close } = await open(375);
      const rope = await findSensorRope(page);
      const { sensorDevices } = await pageGet<{ sensorDevices: DeviceRow[] }>(page, '/sensor-devices');
      const { smartropes } = await pageGet<{ smartropes: SmartropeRow[] }>(page, '/smartropes');
      await openInApp(page, ropePagePath(rope));
      await waitForScreen(page);
      const section = page.getByTestId('sensor-charts');
      await section.getByTestId('sensor-chart').first().locator('.u-over').waitFor();
      await keepScreenshot(section, 'rope-sensor-charts-375');
      await openInApp(page, ropePagePath(await findSmartropeRope(page)));
      await waitForScreen(page);
      const events = page.getByRole('table', { name: enSensors.events.ropeTitle });
      await events.waitFor();
      await keepScreenshot(events, 'rope-smartrope-events-375');
      const shots: [string, string][] = [
        ['sensor-devices-375', '/sensor-devices'],
        ['sensor-device-375', `/sensor-devices/${sensorDevices[0]!.id}`],
        ['smartropes-375', '/smartropes'],
        ['smartrope-375', `/smartropes/${smartropes[0]!.id}`],
      ];
      for (const [name, path] of shots) {
        await openInApp(page, path);
        await waitForScreen(page);
        await keepScreenshot(page, name, { fullPage: true });
        // Full pages of a phone are too tall to read once shrunk: the top of each and a sensor on its own too.
        await keepScreenshot(page, `${name}-top`);
        const editor = page.getByTestId('sensor-editor').first();
        if ((await editor.count()) > 0) await keepScreenshot(editor, `${name}-sensor`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} is wider than the window`).toBeLessThanOrEqual(0);
      }
      await close();
      expect(errors).toEqual([]);
    }, 240_000);
  },
);
