import { describe, expect, it } from 'vitest';
import enMaps from '../../apps/web/src/i18n/locales/en-US/maps.json';
import enRopes from '../../apps/web/src/i18n/locales/en-US/ropes.json';
import { browserMissing, keepScreenshot } from './browser.ts';
import { pageApi, pageGet, signInAsDemo, useDemoServer } from './demo-session.ts';
import { waitForScreen } from './screen-check.ts';
import { ENGLISH_ADMIN_IN_UTC, newWorldContext } from './world.ts';

const GREEN = '#2f9e44';

describe.skipIf(Boolean(browserMissing))(
  `a rope whose damage cannot be computed, in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const demo = useDemoServer();

    it('shows grey "unknown" with the reason and a link to the settings, never a green 100 %', async () => {
      const context = await newWorldContext(demo.browser(), { world: ENGLISH_ADMIN_IN_UTC, width: 1280, height: 1000 });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const url = demo.server().url;
      await signInAsDemo(page, url);

      // A haul rope without its nominal diameter, with three broken wires recorded.
      const { ropes } = await pageGet<{ ropes: { installation: { id: number } }[] }>(page, '/ropes');
      const installationId = ropes[0]!.installation.id;
      const { installation } = await pageGet<{ installation: { area: { id: number } } }>(
        page,
        `/installations/${installationId}`,
      );
      const areaId = installation.area.id;
      const created = await pageApi<{ rope: { id: number } }>(page, `/installations/${installationId}/ropes`, {
        method: 'POST',
        body: { rope: { name: 'Rope without diameter' } },
      });
      expect(created.status).toBe(200);
      const ropeId = created.body.rope.id;
      const attributes = {
        ropeType: 'strandedRope',
        ropeApplication: 'haulRope',
        standard: 'EN12927',
        metallicCrossSection: 614.4,
        outerWireDiameter: 2.6,
      };
      expect(
        (await pageApi(page, `/ropes/${ropeId}`, { method: 'PATCH', body: { rope: { attributes } } })).status,
      ).toBe(200);
      const damage = await pageApi(page, '/events', {
        method: 'POST',
        body: {
          ropeEvent: {
            rope: { id: ropeId },
            position: 12,
            attributes: {
              timestamp: '2026-03-01T10:00:00Z',
              recordingType: 'damage',
              type: 'wireBreak',
              damageCount: 3,
            },
          },
        },
      });
      expect(damage.status).toBe(200);

      const reason = enMaps.gauge.missing.nominalDiameter;
      const ropePath = `/areas/${areaId}/installations/${installationId}/ropes/${ropeId}`;
      await page.goto(`${url}${ropePath}`);
      const damageGauge = page.getByRole('img', { name: `Damage unknown: ${reason}` });
      const healthGauge = page.getByRole('img', { name: `Health unknown: ${reason}` });
      await damageGauge.waitFor();
      await healthGauge.waitFor();
      // With the sections below the fold (loss chart, tasks, events) loaded, as after scrolling through the page.
      await waitForScreen(page);
      expect(await page.getByRole('img', { name: /^Health 100 %/ }).count()).toBe(0);
      // Grey: no full-colour green arc in either unknown gauge.
      expect(await page.locator(`[data-testid="damage-unknown"] path[stroke="${GREEN}"]`).count()).toBe(0);
      const notice = page.getByTestId('damage-unknown-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(reason);
      expect(await page.getByText('No events found').count()).toBe(0);
      await keepScreenshot(page, 'rope-damage-unknown', { fullPage: true });

      // The notice's link opens the rope settings.
      await notice.getByRole('link', { name: enMaps.gauge.openSettings }).click();
      const dialog = page.getByRole('dialog', { name: enRopes.settings.title });
      await dialog.waitFor();
      // The settings say what to set and open on the tab that holds it.
      expect(await dialog.getByTestId('rope-settings-missing').textContent()).toContain(reason);
      await dialog.getByLabel(enRopes.attributes.nominalDiameter).waitFor();

      // The installation's rope list and the areas list say so too.
      await page.goto(`${url}/areas/${areaId}/installations/${installationId}`);
      await page
        .getByRole('img', { name: `Damage unknown: ${reason}` })
        .first()
        .waitFor();
      await keepScreenshot(page, 'installation-rope-unknown', { fullPage: true });
      // The dashboard lists it among the ropes by damage (unknown first), grey, linked to its settings.
      await page.goto(`${url}/dashboard`);
      await page
        .getByRole('link', { name: `Damage unknown: ${reason}` })
        .first()
        .waitFor();
      await page.goto(`${url}/areas`);
      const hint = page.getByTestId('damage-unknown-hint').first();
      await hint.waitFor();
      expect(await hint.textContent()).toContain('1 rope cannot be assessed');

      // Complete the settings: the gauges compute again.
      await pageApi(page, `/ropes/${ropeId}`, {
        method: 'PATCH',
        body: { rope: { attributes: { ...attributes, nominalDiameter: 40 } } },
      });
      await page.goto(`${url}${ropePath}`);
      await page.getByRole('img', { name: /^Damage \d+ %$/ }).waitFor();
      expect(await page.getByTestId('damage-unknown-notice').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
