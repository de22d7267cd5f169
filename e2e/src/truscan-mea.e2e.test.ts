import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enApp from '../../apps/web/src/i18n/locales/en-US/app.json';
import enEvents from '../../apps/web/src/i18n/locales/en-US/events.json';
import { generateMea } from '../../packages/domain/src/mrt/mea/generate.ts';
import { type DamageChartAnswer, decodeDamageChart } from '../../packages/domain/src/ropes/damage-chart-answer.ts';
import { browserMissing, keepScreenshot } from './browser.ts';
import { pageGet, signInAsDemo, useDemoServer } from './demo-session.ts';
import { revealDeferredSections, seriousAxeViolations } from './screen-check.ts';
import { ENGLISH_ADMIN_IN_UTC, newWorldContext } from './world.ts';

interface RopeRow {
  id: number;
  installation: { id: number };
  attributes: { ropeApplication?: string; positionOffset?: number };
}

/** A demo haul rope whose device zero lies away from its datum, and where its rope page is. */
async function ropeWithOffset(page: Page) {
  const { ropes } = await pageGet<{ ropes: RopeRow[] }>(page, '/ropes');
  const rope = ropes.find(
    (candidate) =>
      candidate.attributes.ropeApplication === 'haulRope' && (candidate.attributes.positionOffset ?? 0) >= 1,
  );
  if (!rope) throw new Error('no demo haul rope with a position offset');
  const { installation } = await pageGet<{ installation: { area: { id: number } } }>(
    page,
    `/installations/${rope.installation.id}`,
  );
  return { rope, path: `/areas/${installation.area.id}/installations/${rope.installation.id}/ropes/${rope.id}` };
}

const yesterday = Math.floor(Date.now() / 1000) - 86_400;
// Two runs of the same rope: 12 and 24 bit, 400 m each, broken wires where the generator puts them.
const runs = [
  generateMea({ bitDepth: 12, seed: 21, lengthM: 400, recordedAt: yesterday - 3600, bendingCycles: 2_400_000 }),
  generateMea({ bitDepth: 24, seed: 22, lengthM: 400, recordedAt: yesterday, bendingCycles: 2_401_000 }),
];

describe.skipIf(Boolean(browserMissing))(
  `TRUscan measurement files in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const demo = useDemoServer();

    it('uploads .mea files with progress, shows the MRT trace and confirms a candidate that moves the damage chart', async () => {
      const context = await newWorldContext(demo.browser(), { world: ENGLISH_ADMIN_IN_UTC, width: 1400, height: 1000 });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signInAsDemo(page, demo.server().url);
      const { rope, path } = await ropeWithOffset(page);
      const offset = rope.attributes.positionOffset!;
      await page.goto(`${demo.server().url}${path}`);
      const chart = page.getByTestId('damage-chart');
      await chart.waitFor();
      await revealDeferredSections(page);
      const upload = page.getByRole('button', { name: enEvents.truscan.upload });
      await upload.waitFor();

      // A slow line, so the upload's progress and speed can be seen.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 400 * 1024,
      });
      const chooser = page.waitForEvent('filechooser');
      await upload.click();
      await (await chooser).setFiles(
        runs.map((run, i) => ({
          name: `run-${i + 1}.mea`,
          mimeType: 'application/octet-stream',
          buffer: Buffer.from(run.bytes),
        })),
      );
      const progress = page.getByTestId('truscan-upload-progress');
      await expect.poll(() => progress.textContent(), { timeout: 20_000 }).toMatch(/% sent at [\d,.]+ KiB\/s/);
      await page.getByRole('progressbar', { name: enEvents.truscan.progress }).waitFor();
      const centre = () => upload.evaluate((button) => button.scrollIntoView({ block: 'center' }));
      await centre();
      await keepScreenshot(page, 'truscan-upload-progress');
      await expect.poll(() => upload.getAttribute('data-outcome'), { timeout: 30_000 }).toBe('success');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await centre();
      await keepScreenshot(page, 'truscan-upload-done');

      // A picture renamed .mea: the server's message and the error colour.
      const refused = page.waitForEvent('filechooser');
      await upload.click();
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      await (await refused).setFiles([{ name: 'picture.mea', mimeType: 'application/octet-stream', buffer: png }]);
      await expect.poll(() => upload.getAttribute('data-outcome')).toBe('error');
      const alert = page.getByRole('alert').filter({ hasText: 'picture.mea' });
      expect(await alert.textContent()).toBe(enApp.errors.meaNotTruscan.replace('{{name}}', 'picture.mea'));
      await centre();
      await keepScreenshot(page, 'truscan-upload-refused');
      // Away from the button: axe judges the colours at rest, not under the pointer.
      await page.mouse.move(5, 5);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await keepScreenshot(chart, 'mrt-damage-chart-before');

      // The newest measurement's trace, from the events table.
      const table = page.getByRole('table', { name: enEvents.table.title });
      await table.getByRole('button', { name: enEvents.mrt.open }).first().click();
      const dialog = page
        .getByRole('dialog')
        .filter({ has: page.getByRole('figure', { name: enEvents.mrt.chartLabel }) });
      const figure = dialog.getByRole('figure', { name: enEvents.mrt.chartLabel });
      await figure.locator('canvas').waitFor();
      const candidates = dialog.getByRole('table', { name: enEvents.mrt.candidates });
      const rows = candidates.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(runs[1]!.flaws.length);
      const positions = (await candidates.locator('tbody tr td:first-child').allTextContents()).map((text) =>
        Number(text.replaceAll(',', '').replace(/[^\d.-]/g, '')),
      );
      for (const [i, flaw] of runs[1]!.flaws.entries())
        expect(Math.abs(positions[i]! - (flaw.positionM + offset))).toBeLessThan(0.02);
      await keepScreenshot(page, 'mrt-trace');
      expect(await seriousAxeViolations(page, '.mantine-Modal-content')).toEqual([]);

      // Dragging across the chart zooms in: the server answers finer buckets.
      const range = dialog.getByTestId('mrt-range');
      const wholeRange = await range.textContent();
      const plot = figure.locator('.u-over');
      const box = (await plot.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.24, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.28, box.y + box.height / 2, { steps: 6 });
      await page.mouse.up();
      await expect.poll(() => range.textContent()).not.toBe(wholeRange);
      await keepScreenshot(page, 'mrt-trace-zoomed');

      // One candidate confirmed into a damage event (detection mrt): the damage chart gains it.
      const before = decodeDamageChart(await pageGet<DamageChartAnswer>(page, `/ropes/${rope.id}/events/damage`));
      const pointsBefore = Number(await chart.getAttribute('data-points'));
      const first = rows.first();
      await first.getByRole('button', { name: enEvents.mrt.look }).click();
      await first.getByRole('textbox').fill('2');
      await first.getByRole('button', { name: enEvents.mrt.confirm }).click();
      await expect.poll(() => first.textContent()).toContain(enEvents.mrt.status.confirmed);
      await keepScreenshot(page, 'mrt-candidate-confirmed');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(pointsBefore);
      const after = decodeDamageChart(await pageGet<DamageChartAnswer>(page, `/ropes/${rope.id}/events/damage`));
      expect(after.damages.id.length).toBe(before.damages.id.length + 1);
      const added = Array.from(after.damages.id).findIndex((id) => !before.damages.id.includes(id));
      expect(Math.abs(after.damages.position[added]! - positions[0]!)).toBeLessThan(0.002);
      expect(after.damages.count[added]).toBe(2);
      await expect.poll(() => page.locator('.mantine-Modal-overlay').count()).toBe(0);
      await keepScreenshot(chart, 'mrt-damage-chart-after');
      expect(errors).toEqual([]);
    }, 240_000);
  },
);
