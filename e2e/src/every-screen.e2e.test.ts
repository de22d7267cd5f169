import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enAreas from '../../apps/web/src/i18n/locales/en-US/areas.json';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enEvents from '../../apps/web/src/i18n/locales/en-US/events.json';
import enInstallations from '../../apps/web/src/i18n/locales/en-US/installations.json';
import enNotifications from '../../apps/web/src/i18n/locales/en-US/notifications.json';
import enRopes from '../../apps/web/src/i18n/locales/en-US/ropes.json';
import enSensors from '../../apps/web/src/i18n/locales/en-US/sensors.json';
import enSettings from '../../apps/web/src/i18n/locales/en-US/settings.json';
import enShell from '../../apps/web/src/i18n/locales/en-US/shell.json';
import enTasks from '../../apps/web/src/i18n/locales/en-US/tasks.json';
import { browserMissing, keepScreenshot } from './browser.ts';
import { acceptCookies, DEMO_ADMIN, signInAsDemo, waitForLandingScreen } from './demo-session.ts';
import { EVERY_SCREEN_TITLE, PUBLIC_PATHS, report, useEveryScreenWorld } from './every-screen/world.ts';
import {
  type AxeFinding,
  axeRuleViolations,
  collectConsoleErrors,
  errorBoundaryShown,
  findHierarchy,
  OUTLINE_AND_TARGET_RULES,
  openInApp,
  seriousAxeViolations,
  skippedHeadingLevels,
  switchLanguage,
  switchUserLanguage,
  waitForScreen,
} from './screen-check.ts';

// The every-screen check of each demo role and the German outline and target checks are files of their own
// (every-screen-<role>.e2e.test.ts, every-screen-german.e2e.test.ts), so they run beside the others.
describe.skipIf(Boolean(browserMissing))(
  `${EVERY_SCREEN_TITLE}${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const world = useEveryScreenWorld();

    it('the API documentation, alone and in the OpenAPI screen: no serious axe finding, no console error (CSP), outline and targets kept, with operations opened and tried', {
      timeout: 240_000,
    }, async () => {
      const context = await world.germanContext(1280);
      const page = await context.newPage();
      const findings: Record<string, AxeFinding[]> = {};
      const note = (where: string, found: AxeFinding[]) => {
        if (found.length > 0) findings[where] = [...(findings[where] ?? []), ...found];
      };
      const language = await world.signInInGerman(page);
      // From here on: the sign-in screen's own check of the session answers 401 before, as it should.
      const consoleErrors = collectConsoleErrors(page);
      try {
        await openInApp(page, '/openapi');
        await waitForScreen(page);
        const embedded = page.frames().find((frame) => frame.url().includes('/api/doc'));
        expect(embedded, 'the OpenAPI screen embeds /api/doc').toBeDefined();
        if (embedded) {
          // Swagger UI lays out the whole document (179 routes) before its first operation shows: on a CI machine whose
          // two cores run three other browser files, that took over 30 s once.
          await embedded.locator('.opblock').first().waitFor({ timeout: 60_000 });
          note('/openapi', await seriousAxeViolations(page));
          note('/openapi', await axeRuleViolations(page, OUTLINE_AND_TARGET_RULES));
          note('/api/doc in the OpenAPI screen', await seriousAxeViolations(embedded));
          note('/api/doc in the OpenAPI screen', await axeRuleViolations(embedded, OUTLINE_AND_TARGET_RULES));
        }

        await page.goto(`${world.server().url}/api/doc`);
        await page.locator('.opblock').first().waitFor({ timeout: 60_000 });
        expect(await skippedHeadingLevels(page), '/api/doc heading levels').toEqual([]);
        expect(await resolvedAloneAsInTheWhole(page, ['paths', '/api/events/{id}', 'patch'])).toEqual({
          alike: true,
          withRequestBody: true,
        });
        // A GET tried out and answered, a POST with a request body ready to send, and the authorization dialog.
        const operation = (method: string, path: string) =>
          page.locator(`.opblock-${method}`).filter({ has: page.locator(`[data-path="${path}"]`) });
        const health = operation('get', '/api/health');
        await health.locator('.opblock-summary-control').click();
        await health.locator('.try-out__btn').click();
        await health.locator('.execute').click();
        await health.locator('.live-responses-table .response-col_status').first().waitFor();
        const login = operation('post', '/api/login/json');
        await login.locator('.opblock-summary-control').click();
        await login.locator('.try-out__btn').click();
        await login.locator('textarea.body-param__text').waitFor();
        // Axe judges the page alone once, with the operations open: what it showed before is all still there.
        note('/api/doc, operations tried', await seriousAxeViolations(page));
        note('/api/doc, operations tried', await axeRuleViolations(page, OUTLINE_AND_TARGET_RULES));
        await page.locator('.auth-wrapper .btn.authorize').click();
        await page.locator('.modal-ux').waitFor();
        note('/api/doc, authorization dialog', await seriousAxeViolations(page, '.modal-ux'));
        await page.locator('.modal-ux button.close-modal').click();
      } finally {
        await page.goto(`${world.server().url}/dashboard`);
        await waitForLandingScreen(page);
        await world.restoreLanguage(page, language);
        await context.close();
      }
      expect(Object.keys(findings), report(findings)).toEqual([]);
      expect(consoleErrors, 'console errors (a refused inline style or script, a failed request)').toEqual([]);
    });

    it('signed out: the login, reset and unsubscribe screens', async () => {
      const { page, errors, blocked, close } = await world.openPage();
      await page.goto(`${world.server().url}/login`);
      await acceptCookies(page);
      const { crashes, rawKeys, findings } = await world.checkScreens(page, PUBLIC_PATHS);
      await close();
      expect(crashes).toEqual([]);
      expect(rawKeys, 'translation keys shown instead of their texts').toEqual([]);
      expect(errors).toEqual([]);
      expect(blocked, 'requests refused beyond the embedded documentation').toEqual([]);
      expect(Object.keys(findings), report(findings)).toEqual([]);
    });

    it('a free user asking for the areas or a rope is told it is not for them, not that there are none', async () => {
      const { page, errors, blocked, close } = await world.openPage();
      await signInAsDemo(page, world.server().url, 'free@example.com');
      const { areaId, installationId, ropeId } = world.adminHierarchy();
      for (const path of ['/areas', `/areas/${areaId}/installations/${installationId}/ropes/${ropeId}`]) {
        await openInApp(page, path);
        await waitForScreen(page);
        await page.getByText(enAreas.forbidden).waitFor({ timeout: 10_000 });
        await keepScreenshot(page, `free-user-${path === '/areas' ? 'areas' : 'rope'}`);
        await expect(page.getByText(enAreas.empty).count(), path).resolves.toBe(0);
      }
      await close();
      expect(errors).toEqual([]);
      expect(blocked, 'requests refused beyond the embedded documentation').toEqual([]);
    });

    it('anyone but an admin asking for the sensor or smartrope screens is told they are for admins', async () => {
      const { page, errors, blocked, close } = await world.openPage();
      await signInAsDemo(page, world.server().url, 'clientadmin@example.com');
      await waitForScreen(page);
      const { sensorDeviceId, smartropeId } = world.sensorScreens();
      for (const path of [
        '/sensor-devices',
        `/sensor-devices/${sensorDeviceId}`,
        '/smartropes',
        `/smartropes/${smartropeId}`,
      ]) {
        await openInApp(page, path);
        await page.getByText(enSensors.forbidden).waitFor({ timeout: 10_000 });
        await expect(page.locator('h1').count(), path).resolves.toBe(1);
      }
      await keepScreenshot(page, 'sensors-refused');
      await expect(page.getByRole('link', { name: enShell.nav.sensors }).count()).resolves.toBe(0);
      await close();
      expect(errors).toEqual([]);
      expect(blocked, 'requests refused beyond the embedded documentation').toEqual([]);
    });

    it('an area, installation or rope that does not exist says so', async () => {
      const { page, errors, blocked, close } = await world.openPage();
      // Opened with a CPU six times slower, as on a machine busy with other tests: signInAsDemo returns only once
      // the start screen is drawn, so the steps below cannot be overtaken by the sign-in's redirect to it.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await signInAsDemo(page, world.server().url, DEMO_ADMIN);
      const landed = await page.evaluate(() => ({
        path: window.location.pathname,
        title: document.querySelector('h1')?.textContent,
        loading: document.querySelector('.mantine-Loader-root') !== null,
      }));
      expect(landed).toEqual({ path: '/areas', title: enAreas.title, loading: false });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const { areaId, installationId } = world.adminHierarchy();
      const cases = [
        ['/areas/999999', enAreas.detail.notFound],
        [`/areas/${areaId}/installations/999999`, enInstallations.detail.notFound],
        [`/areas/${areaId}/installations/${installationId}/ropes/999999`, enRopes.detail.notFound],
      ] as const;
      for (const [path, text] of cases) {
        await openInApp(page, path);
        await page.getByText(text).waitFor({ timeout: 10_000 });
        await expect(page.getByRole('heading', { level: 1, name: enShell.notFound.title }).count(), path).resolves.toBe(
          1,
        );
      }
      await close();
      expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
      expect(blocked, 'requests refused beyond the embedded documentation').toEqual([]);
    });

    it('the main dialogs have no serious axe finding', async () => {
      const { page, errors, blocked, close } = await world.openPage();
      await signInAsDemo(page, world.server().url, DEMO_ADMIN);
      // The language is the user's: an earlier test may have left another one.
      await switchLanguage(page, 'en-US');
      const known = world.adminHierarchy();
      const { areaId, installationId, ropeId } = known.ropeId ? known : await findHierarchy(page);
      const installationPath = `/areas/${areaId}/installations/${installationId}`;
      const findings: Record<string, AxeFinding[]> = {};
      const checkDialog = async (name: string, path: string, open: () => Promise<void>) => {
        // Opened in the app, as a person does: each screen's full load is checked on its own.
        await openInApp(page, path);
        await waitForScreen(page);
        await open();
        await page.getByRole('dialog').first().waitFor();
        await waitForScreen(page);
        // The screen behind was checked on its own; here only what the dialog adds.
        const violations = await seriousAxeViolations(page, '[role="dialog"]');
        if (violations.length > 0) findings[name] = violations;
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByRole('dialog').count(), { message: `${name} closes on Escape` }).toBe(0);
      };
      const click = (name: string | RegExp) => () => page.getByRole('button', { name, exact: true }).first().click();
      await checkDialog('area settings', `/areas/${areaId}`, click(enCommon.actions.settings));
      await checkDialog('installation settings', installationPath, click(enInstallations.settings.title));
      await checkDialog('notification settings', installationPath, click(enNotifications.settings.title));
      const ropePath = `${installationPath}/ropes/${ropeId}`;
      await checkDialog('rope settings', ropePath, click(enRopes.settings.title));
      await checkDialog('event dialog', ropePath, click(enEvents.toolbar.addDamage));
      await checkDialog('task dialog', ropePath, click(enTasks.section.add));
      await checkDialog('user settings', '/areas', click(enSettings.title));
      await checkDialog('user edit', '/users', () =>
        page
          .getByRole('button', { name: /^Edit / })
          .first()
          .click(),
      );
      expect(await errorBoundaryShown(page)).toBe(false);
      await close();
      expect(errors).toEqual([]);
      expect(blocked, 'requests refused beyond the embedded documentation').toEqual([]);
      expect(Object.keys(findings), report(findings)).toEqual([]);
    });

    it('keeps the areas map alive through zooming, resizing, a language switch and leaving mid-zoom', async () => {
      const { page, errors, blocked, close } = await world.openPage();
      await signInAsDemo(page, world.server().url, DEMO_ADMIN);
      await switchLanguage(page, 'en-US');
      await openInApp(page, '/areas');
      await waitForScreen(page);
      const zoomIn = page.locator('.leaflet-control-zoom-in');
      await zoomIn.click();
      await switchLanguage(page, 'de-DE');
      await page.setViewportSize({ width: 375, height: 800 });
      await page.waitForTimeout(300);
      await page.setViewportSize({ width: 1280, height: 900 });
      await zoomIn.click();
      // Leaving while the zoom animation runs removes the map under Leaflet's pending animation timer.
      await openInApp(page, '/dashboard');
      await page.waitForTimeout(600);
      await switchUserLanguage(page, 'en-US');
      expect(await errorBoundaryShown(page)).toBe(false);
      await close();
      expect(errors).toEqual([]);
      expect(blocked, 'requests refused beyond the embedded documentation').toEqual([]);
    });

    it('takes screenshots of the areas list at 375 and 1280 px', async () => {
      for (const width of [375, 1280]) {
        const { page, errors, close } = await world.openPage(width);
        await signInAsDemo(page, world.server().url, DEMO_ADMIN);
        await page.goto(`${world.server().url}/areas`);
        await waitForScreen(page);
        await keepScreenshot(page, `areas-list-${width}`, { fullPage: true });
        expect(await errorBoundaryShown(page)).toBe(false);
        await close();
        expect(errors).toEqual([]);
      }
    });
  },
);

/**
 * Whether swagger-ui's own resolution of one part of the document (an opened operation) gives the same as the page's
 * plugin, which resolves it with only its path item and the components (apps/api/src/plugins/openapi-ui), and whether
 * that part came with its request body resolved.
 */
function resolvedAloneAsInTheWhole(page: Page, path: string[]): Promise<{ alike: boolean; withRequestBody: boolean }> {
  return page.evaluate(async (part) => {
    type Resolve = (spec: unknown, path: string[], options: object) => Promise<unknown>;
    type Plugin = (system: object) => { fn: { resolveSubtree: Resolve } };
    const pageWindow = window as unknown as {
      SwaggerUIBundle: { plugins: { SwaggerClient: Plugin } };
      RopeDocOperationAlone: Plugin;
    };
    const system = { getConfigs: () => ({}), configs: {} };
    const whole = pageWindow.SwaggerUIBundle.plugins.SwaggerClient(system).fn.resolveSubtree;
    const alone = pageWindow.RopeDocOperationAlone(system).fn.resolveSubtree;
    const spec = await (await fetch('/api/doc/json')).json();
    const options = { baseDoc: new URL('/api/doc/json', location.href).href };
    const inWhole = JSON.stringify(await whole(structuredClone(spec), part, options));
    const byItself = JSON.stringify(await alone(structuredClone(spec), part, options));
    return { alike: inWhole === byItself, withRequestBody: inWhole.includes('"requestBody"') };
  }, path);
}
