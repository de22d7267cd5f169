import { describe, expect, it } from 'vitest';
import { type DamageChartAnswer, decodeDamageChart } from '../../packages/domain/src/ropes/damage-chart-answer.ts';
import { DAMAGE_CHART_BINS } from '../../packages/domain/src/ropes/damage-chart-form.ts';
import { browserMissing, keepScreenshot } from './browser.ts';
import { pageApi, pageGet, signInAsDemo, useDemoServer } from './demo-session.ts';
import { collectPageErrors, seriousAxeViolations } from './screen-check.ts';
import { GERMAN_CLIENT_IN_ZURICH, newWorldContext } from './world.ts';

const DAMAGES = 2600;

interface RopeRow {
  id: number;
  installation: { id: number };
  attributes: { length?: number };
}

describe.skipIf(Boolean(browserMissing))(
  `a rope with more damages than its chart shows, in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const demo = useDemoServer();

    it('draws its peaks, and the windows of a range once zoomed in, as the German client at 1280 and 375 px', async () => {
      const url = demo.server().url;
      let prepared: { ropePath: string; ropeId: number } | undefined;
      for (const width of [1280, 375]) {
        const context = await newWorldContext(demo.browser(), { world: GERMAN_CLIENT_IN_ZURICH, width, height: 900 });
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        await signInAsDemo(page, url, GERMAN_CLIENT_IN_ZURICH.user);
        if (!prepared) {
          const rope = (await pageGet<{ ropes: RopeRow[] }>(page, '/ropes')).ropes[0]!;
          const { installation } = await pageGet<{ installation: { area: { id: number } } }>(
            page,
            `/installations/${rope.installation.id}`,
          );
          const length = Math.min(rope.attributes.length ?? 2000, 2000);
          const time = '2026-05-01T08:00:00Z';
          const imported = await pageApi(page, '/events/import', {
            method: 'POST',
            body: {
              ropeEvent: {
                rope: { id: rope.id },
                position: null,
                attributes: { timestamp: time, recordingType: 'measurement', type: 'mrtInspection' },
              },
              damages: Array.from({ length: DAMAGES }, (_, i) => ({
                rope: { id: rope.id },
                position: Math.round((((i * 7919) % DAMAGES) / DAMAGES) * length * 1000) / 1000,
                attributes: { timestamp: time, recordingType: 'damage', type: 'wireBreak', damageCount: 1 + (i % 2) },
              })),
            },
          });
          expect(imported.status).toBe(200);
          prepared = {
            ropeId: rope.id,
            ropePath: `/areas/${installation.area.id}/installations/${rope.installation.id}/ropes/${rope.id}`,
          };
        }
        const { ropeId, ropePath } = prepared;
        const whole = await pageGet<DamageChartAnswer>(page, `/ropes/${ropeId}/events/damage`);
        expect(whole.windows.form).toBe('peaks');
        expect(whole.windows.total).toBeGreaterThan(DAMAGES);
        const asked: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/events/damage')) asked.push(new URL(request.url()).search);
        });

        await page.goto(`${url}${ropePath}`);
        const chart = page.getByTestId('damage-chart');
        await chart.waitFor();
        const peaks = Number(await chart.getAttribute('data-points'));
        expect(peaks).toBeGreaterThan(DAMAGE_CHART_BINS / 2);
        expect(peaks).toBeLessThanOrEqual(DAMAGE_CHART_BINS * whole.result.length);
        expect(asked.some((search) => search.includes('positionFrom'))).toBe(false);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await keepScreenshot(page, `damage-chart-peaks-${width}`);

        // Zoomed in (as a drag or a shared link sets it): the windows of the range and their damages.
        await page.goto(`${url}${ropePath}?zoomFrom=100&zoomTo=130`);
        await chart.waitFor();
        const longest = Math.max(...whole.result.map((series) => series.length));
        const range = `positionFrom=${(100 - longest).toFixed(3)}&positionTo=130.000`;
        await expect.poll(() => asked.some((search) => search.includes(range))).toBe(true);
        const zoomed = decodeDamageChart(
          await pageGet<DamageChartAnswer>(page, `/ropes/${ropeId}/events/damage?${range}`),
        );
        expect(zoomed.form).toBe('all');
        const windows = new Set(Array.from(zoomed.first, (first) => zoomed.damages.position[first])).size;
        await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBe(windows);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await keepScreenshot(page, `damage-chart-zoomed-${width}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }, 300_000);
  },
);
