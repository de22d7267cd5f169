import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import deDashboard from '../../apps/web/src/i18n/locales/de-DE/dashboard.json';
import deNotifications from '../../apps/web/src/i18n/locales/de-DE/notifications.json';
import enDashboard from '../../apps/web/src/i18n/locales/en-US/dashboard.json';
import enNotifications from '../../apps/web/src/i18n/locales/en-US/notifications.json';
import enRopes from '../../apps/web/src/i18n/locales/en-US/ropes.json';
import esDashboard from '../../apps/web/src/i18n/locales/es-ES/dashboard.json';
import esNotifications from '../../apps/web/src/i18n/locales/es-ES/notifications.json';
import frDashboard from '../../apps/web/src/i18n/locales/fr-FR/dashboard.json';
import frNotifications from '../../apps/web/src/i18n/locales/fr-FR/notifications.json';
import { browserMissing, keepScreenshot } from './browser.ts';
import { DEMO_ADMIN, pageApi, pageGet, signInAsDemo, signInForCalls, useDemoServer } from './demo-session.ts';
import {
  type AxeFinding,
  collectPageErrors,
  findHierarchy,
  LANGUAGES,
  openInApp,
  revealDeferredSections,
  seriousAxeViolations,
  switchLanguage,
  waitForScreen,
} from './screen-check.ts';
import { ENGLISH_ADMIN_IN_UTC, newWorldContext } from './world.ts';

const ROLES = [DEMO_ADMIN, 'pm@example.com', 'clientadmin@example.com', 'client@example.com'];
const WIDTHS = [375, 1280] as const;
const DASHBOARD = { 'en-US': enDashboard, 'de-DE': deDashboard, 'fr-FR': frDashboard, 'es-ES': esDashboard };
const NOTIFICATIONS = {
  'en-US': enNotifications,
  'de-DE': deNotifications,
  'fr-FR': frNotifications,
  'es-ES': esNotifications,
};

interface DeviceState {
  rope: { id: number; name: string };
  installation: { id: number };
  area: { id: number };
  sensors: { id: number; name: string; lastMeasurementAt: string | null }[];
  smartropeCount: number;
}
interface ThresholdState {
  lastTrigger: { device: { smartrope: { name: string }; sensorName: string } | null } | null;
}
interface Settings {
  channels: string[];
  users: number[];
  rules: { type: string; threshold?: number; reset: boolean }[];
}

const shortName = (email: string) => email.split('@')[0];

describe.skipIf(Boolean(browserMissing))(
  `device state on the dashboard and in the notification status${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const { server, browser } = useDemoServer();

    async function openPage(width: number): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
      const context = await newWorldContext(browser(), { world: ENGLISH_ADMIN_IN_UTC, width, height: 900 });
      const page = await context.newPage();
      return { page, errors: collectPageErrors(page), close: () => context.close() };
    }

    /** The installation each role opens: its own first one, carrying a smartropeThreshold rule (the admin adds one). */
    const installationOf = new Map<string, string>();
    beforeAll(async () => {
      const admin = await openPage(1280);
      await signInForCalls(admin.page, server().url, DEMO_ADMIN);
      for (const email of ROLES) {
        const own = await openPage(1280);
        await signInForCalls(own.page, server().url, email);
        const { areaId, installationId } = await findHierarchy(own.page);
        await own.close();
        installationOf.set(email, `/areas/${areaId}/installations/${installationId}`);
        const { installation } = await pageGet<{ installation: { notificationSettings: Settings | null } }>(
          admin.page,
          `/installations/${installationId}`,
        );
        const settings = installation.notificationSettings ?? { channels: ['email'], users: [], rules: [] };
        if (settings.rules.some((rule) => rule.type === 'smartropeThreshold')) continue;
        const saved = await pageApi(admin.page, `/installations/${installationId}/notification-setting`, {
          method: 'PATCH',
          body: {
            notificationSettings: {
              ...settings,
              rules: [...settings.rules, { type: 'smartropeThreshold', threshold: 800, reset: true }],
            },
          },
        });
        expect(saved.status).toBe(200);
      }
      await admin.close();
    });

    for (const email of ROLES) {
      it(`${email} at ${WIDTHS.join(' and ')} px: the dashboard's devices and the notification status's smartrope rule in every language`, {
        timeout: 300_000,
      }, async () => {
        // One sign-in for both widths: the phone's first, then the same page widened to a laptop's.
        const { page, errors, close } = await openPage(WIDTHS[0]);
        await signInAsDemo(page, server().url, email);
        // The start screen settles first: its redirect (/ to /areas) would otherwise override the next navigation.
        await waitForScreen(page);
        const { ropeDeviceStates } = await pageGet<{ ropeDeviceStates: DeviceState[] }>(page, '/ropes/device-states');
        const findings: Record<string, AxeFinding[]> = {};
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await openInApp(page, '/dashboard');
          await waitForScreen(page);
          for (const language of [...LANGUAGES.slice(1), LANGUAGES[0]]) {
            await switchLanguage(page, language);
            const texts = DASHBOARD[language].devices;
            const section = page.getByRole('region', { name: texts.title });
            await section.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
              await keepScreenshot(page, `debug-devices-${shortName(email)}-${width}-${language}`, { fullPage: true });
              throw error;
            });
            if (ropeDeviceStates.length === 0) await section.getByText(texts.empty).waitFor();
            else await expect.poll(() => section.locator('tbody tr').count()).toBeGreaterThan(0);
            if (language === 'de-DE' && email === DEMO_ADMIN)
              await keepScreenshot(section, `dashboard-devices-de-${width}`);
            // axe judges structure, names and contrast, which the language does not change: once, in the default world's.
            if (language === 'de-DE') {
              const violations = await seriousAxeViolations(page, '[aria-labelledby="dashboard-devices-title"]');
              if (violations.length > 0) findings[`dashboard at ${width} px`] = violations;
            }
          }
          const devices = page.getByRole('region', { name: enDashboard.devices.title });
          await devices.scrollIntoViewIfNeeded();
          await keepScreenshot(devices, `dashboard-devices-${shortName(email)}-${width}`);

          await openInApp(page, installationOf.get(email)!);
          await waitForScreen(page);
          for (const language of [...LANGUAGES.slice(1), LANGUAGES[0]]) {
            await switchLanguage(page, language);
            const texts = NOTIFICATIONS[language];
            await page.getByRole('button', { name: texts.status.title, exact: true }).click();
            const dialog = page.getByRole('dialog', { name: texts.status.title });
            const state = dialog.getByTestId('smartrope-rule-state');
            await state.waitFor({ timeout: 30_000 });
            await state.getByText(texts.smartrope.threshold.replace('{{value}}', '800')).waitFor();
            if (language === 'de-DE') {
              // The dialog has faded in fully before axe judges its contrast.
              await waitForScreen(page);
              const violations = await seriousAxeViolations(page, '[role="dialog"]');
              if (violations.length > 0) findings[`notification status at ${width} px`] = violations;
            }
            if (language === 'en-US')
              await keepScreenshot(dialog, `notification-status-smartrope-${shortName(email)}-${width}`);
            await page.keyboard.press('Escape');
            await dialog.waitFor({ state: 'hidden' });
          }
        }
        await close();
        expect(errors).toEqual([]);
        expect(findings).toEqual({});
      });
    }

    it('a free user sees no device state: the dashboard is not for them', async () => {
      const { page, errors, close } = await openPage(375);
      await signInAsDemo(page, server().url, 'free@example.com');
      await waitForScreen(page);
      await openInApp(page, '/dashboard');
      await page.getByText(enDashboard.forbidden).waitFor();
      expect(await page.getByRole('region', { name: enDashboard.devices.title }).count()).toBe(0);
      await close();
      expect(errors).toEqual([]);
    });

    for (const width of WIDTHS) {
      it(`names the smartrope, sensor and value behind the last smartrope notification at ${width} px`, {
        timeout: 120_000,
      }, async () => {
        const { page, errors, close } = await openPage(width);
        await signInAsDemo(page, server().url, DEMO_ADMIN);
        await waitForScreen(page);
        type Mounted = { rope: { installation: { id: number }; area: { id: number } } | null };
        const { smartropes } = await pageGet<{ smartropes: Mounted[] }>(page, '/smartropes');
        let found: { path: string; smartrope: string; sensor: string } | undefined;
        for (const { rope } of smartropes) {
          if (!rope || found) continue;
          const { smartropeThreshold } = await pageGet<{ smartropeThreshold: ThresholdState }>(
            page,
            `/installations/${rope.installation.id}/smartrope-threshold-state`,
          );
          const device = smartropeThreshold?.lastTrigger?.device;
          if (device)
            found = {
              path: `/areas/${rope.area.id}/installations/${rope.installation.id}`,
              smartrope: device.smartrope.name,
              sensor: device.sensorName,
            };
        }
        expect(found, 'a demo installation whose smartrope rule fired').toBeDefined();
        await openInApp(page, found!.path);
        await waitForScreen(page);
        await page.getByRole('button', { name: enNotifications.status.title, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: enNotifications.status.title });
        const last = dialog.getByTestId('smartrope-last-trigger');
        await last.waitFor();
        await waitForScreen(page);
        const text = await last.textContent();
        expect(text).toContain(found!.smartrope);
        expect(text).toContain(`sensor ${found!.sensor}`);
        await dialog.getByText(enNotifications.smartrope.firedOnce).first().waitFor();
        expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
        await keepScreenshot(dialog, `notification-status-smartrope-fired-${width}`);
        await close();
        expect(errors).toEqual([]);
      });

      it(`shows a TRUscan state and readings pushed by the devices at ${width} px`, { timeout: 120_000 }, async () => {
        const { page, errors, close } = await openPage(width);
        await signInAsDemo(page, server().url, DEMO_ADMIN);
        await waitForScreen(page);
        const { ropeDeviceStates } = await pageGet<{ ropeDeviceStates: DeviceState[] }>(page, '/ropes/device-states');
        // A rope of its own per width, so the two runs do not meet.
        const target = ropeDeviceStates[width === 375 ? 0 : 1]!;
        const strain = `E2E strain ${width}`;
        const load = `E2E load ${width}`;
        const created = await pageApi<{ sensorDevice: { id: number; sensors: { id: number; name: string }[] } }>(
          page,
          '/sensor-devices',
          {
            method: 'POST',
            body: {
              sensorDevice: {
                name: `E2E device ${width}`,
                rope: { id: target.rope.id },
                sensors: [strain, load].map((name) => ({ name, attributes: { isEnabled: true } })),
              },
            },
          },
        );
        expect(created.status).toBe(200);
        const [strainSensor, loadSensor] = created.body.sensorDevice.sensors;

        await openInApp(page, '/dashboard');
        await waitForScreen(page);
        const devices = page.getByRole('region', { name: enDashboard.devices.title });
        // Never fine before the first reading: the row leads the list and names the sensor with no data.
        const ropeLink = page.locator(`a[href$="/ropes/${target.rope.id}"]`);
        const row = devices.locator('tbody tr').filter({ has: ropeLink });
        await row.getByText(enDashboard.devices.noDataYet.replace('{{name}}', strain)).waitFor({ timeout: 15_000 });
        await row.getByText(enDashboard.devices.noDataYet.replace('{{name}}', load)).waitFor();

        const now = Date.now();
        const readings = await pageApi(page, `/sensor-devices/${created.body.sensorDevice.id}/measurements`, {
          method: 'POST',
          body: {
            measurements: [
              { sensor: strainSensor!.id, ts: new Date(now - 60_000).toISOString(), value: 12.5 },
              { sensor: loadSensor!.id, ts: new Date(now - 5 * 3_600_000).toISOString(), value: 310 },
            ],
          },
        });
        expect(readings.status).toBe(200);
        const truscan = await pageApi(page, `/ropes/${target.rope.id}/truscan`, {
          method: 'PATCH',
          body: { truscanAttributes: { status: 'error', bendingCycles: 1_234_567 } },
        });
        expect(truscan.status).toBe(200);

        await page.reload();
        await waitForScreen(page);
        const updated = devices.locator('tbody tr').filter({ has: ropeLink });
        await updated.getByText(enRopes.device.statuses.error, { exact: true }).waitFor({ timeout: 15_000 });
        await updated.getByText('1,234,567 bending cycles').waitFor();
        // The fresh reading counts as reporting; the five-hour-old one says since when nothing came.
        await updated.getByText(new RegExp(`^${load}: no data since `)).waitFor();
        expect(await updated.getByText(enDashboard.devices.noDataYet.replace('{{name}}', strain)).count()).toBe(0);
        // A TRUscan in error leads the block.
        await devices.locator('tbody tr').first().getByText(enRopes.device.statuses.error, { exact: true }).waitFor();
        await keepScreenshot(devices, `dashboard-devices-pushed-${width}`);

        // The rope page says the same under the silent sensor's chart title.
        await openInApp(
          page,
          `/areas/${target.area.id}/installations/${target.installation.id}/ropes/${target.rope.id}`,
        );
        await waitForScreen(page);
        await revealDeferredSections(page);
        const silent = page.locator(`[data-sensor="${loadSensor!.id}"]`).getByTestId('sensor-silent');
        await silent.waitFor({ timeout: 15_000 });
        expect(await silent.textContent()).toMatch(/^No data since /);
        expect(await page.locator(`[data-sensor="${strainSensor!.id}"]`).getByTestId('sensor-silent').count()).toBe(0);
        await close();
        expect(errors).toEqual([]);
      });
    }
  },
);
