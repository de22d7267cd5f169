import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enRopes from '../../apps/web/src/i18n/locales/en-US/ropes.json';
import enTruscan from '../../apps/web/src/i18n/locales/en-US/truscan.json';
import enValidation from '../../apps/web/src/i18n/locales/en-US/validation.json';
import { browserMissing, keepScreenshot } from './browser.ts';
import { pageApi, pageGet, signInAsDemo, useDemoServer } from './demo-session.ts';
import { ENGLISH_ADMIN_IN_UTC, newWorldContext } from './world.ts';

interface RopeRow {
  id: number;
  installation: { id: number };
  attributes: { deviceSerialNumber?: string };
}

/** A demo rope with a TRUscan serial number, and where its rope page is. */
async function findTruscanRope(page: Page): Promise<{ rope: RopeRow; path: string }> {
  const { ropes } = await pageGet<{ ropes: RopeRow[] }>(page, '/ropes');
  const rope = ropes.find((candidate) => candidate.attributes.deviceSerialNumber) ?? ropes[0]!;
  const { installation } = await pageGet<{ installation: { area: { id: number } } }>(
    page,
    `/installations/${rope.installation.id}`,
  );
  return { rope, path: `/areas/${installation.area.id}/installations/${rope.installation.id}/ropes/${rope.id}` };
}

describe.skipIf(Boolean(browserMissing))(
  `the TRUscan panel in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const demo = useDemoServer();

    for (const width of [1280, 375]) {
      it(`follows the device live and starts a measurement at ${width} px`, async () => {
        const context = await newWorldContext(demo.browser(), { world: ENGLISH_ADMIN_IN_UTC, width, height: 900 });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await signInAsDemo(page, demo.server().url);
        const { rope, path } = await findTruscanRope(page);
        await pageApi(page, `/ropes/${rope.id}/truscan`, {
          method: 'PATCH',
          body: { truscanAttributes: { status: 'idle', uploadRunning: false, uploadAmount: null, uploadTime: null } },
        });
        await page.goto(`${demo.server().url}${path}`);
        const panel = page.getByTestId('truscan-panel');
        await panel.getByText(enRopes.device.statuses.idle).waitFor();

        // The device reports while the page is open: the panel follows without a reload.
        const pushed = await pageApi(page, `/ropes/${rope.id}/truscan`, {
          method: 'PATCH',
          body: {
            truscanAttributes: {
              status: 'uploading',
              ropeSpeed: 6.5,
              measurementWaiting: 5_400,
              uploadRunning: true,
              uploadAmount: 2_097_152,
              uploadTime: 16,
            },
          },
        });
        expect(pushed.status).toBe(200);
        await panel.getByText(enRopes.device.statuses.uploading).waitFor();
        await panel.getByText(/^128(\.0)? KiB\/s$/).waitFor();
        await panel.getByText('1.5 h').waitFor();
        await panel.getByText('6.5 m/s').waitFor();

        await panel.getByRole('button', { name: enTruscan.start.button }).click();
        const dialog = page.getByRole('dialog', { name: enTruscan.start.title });
        await dialog.getByRole('button', { name: enTruscan.start.submit }).click();
        await dialog.getByText(enValidation.required).waitFor();
        await dialog.getByLabel(enTruscan.start.reason).fill(`Check after the storm (${width} px)`);
        await dialog.getByRole('button', { name: enTruscan.start.submit }).click();
        await dialog.getByText(enTruscan.start.requested).waitFor();
        await keepScreenshot(page, `truscan-requested-${width}`);
        await dialog.getByRole('button', { name: enCommon.actions.ok }).click();
        await panel.getByText(`Check after the storm (${width} px)`, { exact: false }).waitFor();
        // The panel shows what the server stored: the request, with its reason and who asked.
        const state = await pageGet<{ request: { reason: string; requestedBy: { name: string } | null } | null }>(
          page,
          `/ropes/${rope.id}/truscan`,
        );
        expect(state.request?.reason).toBe(`Check after the storm (${width} px)`);
        expect(state.request?.requestedBy).not.toBeNull();
        await keepScreenshot(page, `truscan-panel-${width}`);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  },
);
