import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import deAuth from '../../apps/web/src/i18n/locales/de-DE/auth.json';
import enAreas from '../../apps/web/src/i18n/locales/en-US/areas.json';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enDocuments from '../../apps/web/src/i18n/locales/en-US/documents.json';
import enEvents from '../../apps/web/src/i18n/locales/en-US/events.json';
import enInstallations from '../../apps/web/src/i18n/locales/en-US/installations.json';
import enNotifications from '../../apps/web/src/i18n/locales/en-US/notifications.json';
import enRopes from '../../apps/web/src/i18n/locales/en-US/ropes.json';
import enSensors from '../../apps/web/src/i18n/locales/en-US/sensors.json';
import enSettings from '../../apps/web/src/i18n/locales/en-US/settings.json';
import enShell from '../../apps/web/src/i18n/locales/en-US/shell.json';
import enTasks from '../../apps/web/src/i18n/locales/en-US/tasks.json';
import { browserMissing, screenshotPath } from './browser.ts';
import {
  acceptCookies,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  pageGet,
  signInAsDemo,
  useDemoServer,
  waitForLandingScreen,
} from './demo-session.ts';
import {
  type AxeFinding,
  axeRuleViolations,
  blockExternalRequests,
  collectConsoleErrors,
  collectPageErrors,
  errorBoundaryShown,
  findHierarchy,
  findProjects,
  findSensorScreens,
  type Hierarchy,
  LANGUAGES,
  OUTLINE_AND_TARGET_RULES,
  openInApp,
  type Project,
  rawKeysShown,
  type SensorScreens,
  screenPaths,
  seriousAxeViolations,
  skippedHeadingLevels,
  switchLanguage,
  waitForScreen,
} from './screen-check.ts';
import { GERMAN_ADMIN_IN_ZURICH, newWorldContext } from './world.ts';

const ROLES = [DEMO_ADMIN, 'pm@example.com', 'clientadmin@example.com', 'client@example.com', 'free@example.com'];
/** Screens a signed-out visitor can open; the tokens are unknown, so each shows its "invalid link" state. */
const PUBLIC_PATHS = ['/login', '/login/reset/unknown-token', '/notification/unsubscribe/nobody%40example.com'];

function report(findings: Record<string, AxeFinding[]>): string {
  return JSON.stringify(findings, null, 2);
}

/** The widths a German inspector meets the cockpit at: a phone and a laptop. */
const GERMAN_WIDTHS = [375, 1280] as const;

/**
 * Map markers are left to the list beside the map: demo areas lie a few kilometres apart, so their 24 px markers
 * overlap at the zoom that shows them all, and WCAG 2.5.8 excepts a target whose function another control on the
 * page offers (each area is a row of the list, checked with everything else).
 */
const TARGET_CHECK_CONTEXT = { exclude: ['.leaflet-marker-pane'] };

/** Problems with a screen's outline (a heading level skipped) and its targets (smaller than 24 px, too close). */
async function outlineAndTargetProblems(page: Page): Promise<string[]> {
  const skipped = (await skippedHeadingLevels(page)).map((heading) => `heading level skipped: ${heading}`);
  const axeFindings = await axeRuleViolations(page, OUTLINE_AND_TARGET_RULES, TARGET_CHECK_CONTEXT);
  return [...skipped, ...axeFindings.flatMap((finding) => finding.nodes.map((node) => `${finding.id}: ${node}`))];
}

describe.skipIf(Boolean(browserMissing))(
  `every screen as every demo role in every language${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const { server, browser } = useDemoServer();
    let adminHierarchy: Hierarchy = {};
    let adminProjects: Project[] = [];
    let sensorScreens: SensorScreens = {};
    /** Rope pages with the sensor charts and the smartrope events (the admin's first rope may have neither). */
    let sensorRopePaths: string[] = [];
    beforeAll(async () => {
      const { page, close } = await openPage();
      await signInAsDemo(page, server().url, DEMO_ADMIN);
      adminHierarchy = await findHierarchy(page);
      adminProjects = await findProjects(page);
      sensorScreens = await findSensorScreens(page);
      type Mounted = { rope: { id: number; installation: { id: number }; area: { id: number } } | null };
      const { sensorDevices } = await pageGet<{ sensorDevices: Mounted[] }>(page, '/sensor-devices');
      const { smartropes } = await pageGet<{ smartropes: Mounted[] }>(page, '/smartropes');
      sensorRopePaths = [sensorDevices, smartropes].flatMap((list) => {
        const rope = list.find((item) => item.rope)?.rope;
        return rope ? [`/areas/${rope.area.id}/installations/${rope.installation.id}/ropes/${rope.id}`] : [];
      });
      await close();
    });

    /**
     * The project pages for this role: one it sees (the admin's first when it sees none) and one the admin sees but it
     * may not, where there is one. Each with what it must answer: the project, or "not found" (never a crash).
     */
    function projectScreens(own: Project[]) {
      const seen = own[0] ?? adminProjects[0];
      const hidden = adminProjects.find((project) => !own.some((mine) => mine.id === project.id));
      return [seen, hidden].flatMap((project) =>
        project
          ? [{ path: `/documents/${project.id}`, project, visible: own.some((mine) => mine.id === project.id) }]
          : [],
      );
    }

    /** A browser as the German inspector in Zermatt has it: Swiss German, Swiss time (the default world's). */
    async function germanContext(width: number): Promise<BrowserContext> {
      const context = await newWorldContext(browser(), { world: GERMAN_ADMIN_IN_ZURICH, width });
      await blockExternalRequests(context, server().url);
      return context;
    }

    /**
     * Signs in through the login screen as a German browser shows it (accepting the cookie notice, unless this browser
     * already has), and makes the user's language German. Answers the language the user had.
     */
    async function signInInGerman(page: Page, { noticeShown = true } = {}): Promise<string> {
      await page.goto(`${server().url}/login`);
      if (noticeShown) await page.getByRole('dialog', { name: deAuth.cookies.title }).getByRole('button').click();
      await page.locator('input[autocomplete="username"]').fill(GERMAN_ADMIN_IN_ZURICH.user);
      await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: deAuth.login.submit, exact: true }).click();
      await waitForLandingScreen(page);
      const stored = await page.evaluate(() => document.documentElement.lang);
      if (stored !== 'de-DE') await switchLanguage(page, 'de-DE');
      return stored;
    }

    /** Gives the user back the language it had, for the tests after this one. */
    async function restoreLanguage(page: Page, language: string) {
      const known = LANGUAGES.find((candidate) => candidate === language);
      if (known && known !== 'de-DE') await switchLanguage(page, known);
    }

    async function openPage(width = 1280): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
      // The default world's browser (German, Zurich) whoever signs in: the language loop below ends in English.
      const context = await newWorldContext(browser(), { width });
      await blockExternalRequests(context, server().url);
      const page = await context.newPage();
      return { page, errors: collectPageErrors(page), close: () => context.close() };
    }

    /** Opens, reloads and switches the language on each path; axe runs once per path. */
    async function checkScreens(page: Page, paths: readonly string[]) {
      const crashes: string[] = [];
      const rawKeys: string[] = [];
      const timings: string[] = [];
      const noteRawKeys = async (when: string) => {
        for (const shown of await rawKeysShown(page)) rawKeys.push(`${when}: ${shown}`);
      };
      const findings: Record<string, AxeFinding[]> = {};
      for (const path of paths) {
        let started = Date.now();
        await openInApp(page, path);
        await waitForScreen(page);
        if (await errorBoundaryShown(page)) crashes.push(`${path} on load`);
        if ((await page.locator('h1').count()) !== 1) crashes.push(`${path} has not exactly one h1`);
        await noteRawKeys(`${path} on load`);
        timings.push(`${path} load ${Date.now() - started}`);
        const violations = await seriousAxeViolations(page);
        if (violations.length > 0) findings[path] = violations;
        timings.push(`${path} axe ${Date.now() - started}`);
        started = Date.now();
        await page.reload();
        await waitForScreen(page);
        if (await errorBoundaryShown(page)) crashes.push(`${path} on reload`);
        for (const language of [...LANGUAGES.slice(1), LANGUAGES[0]]) {
          if (crashes.length > 0 && (await errorBoundaryShown(page))) break;
          await switchLanguage(page, language);
          await page.waitForTimeout(100);
          if (await errorBoundaryShown(page)) crashes.push(`${path} in ${language}`);
          await noteRawKeys(`${path} in ${language}`);
        }
        timings.push(`${path} reload+languages ${Date.now() - started}`);
      }
      if (process.env.SCREEN_TIMINGS) console.log(timings.join('\n'));
      return { crashes, rawKeys, findings };
    }

    // A context per role, one role after the other: side by side they starved each other on two cores.
    for (const email of ROLES) {
      it(`${email}: every screen opens, reloads and switches through the languages with no crash and no serious axe finding`, {
        timeout: 240_000,
      }, async () => {
        const { page, errors, close } = await openPage();
        await signInAsDemo(page, server().url, email);
        const own = await findHierarchy(page);
        expect(adminHierarchy.ropeId, 'the admin sees a rope in the demo data').toBeDefined();
        expect(adminProjects.length, 'the admin sees a project in the demo data').toBeGreaterThan(0);
        const projects = projectScreens(await findProjects(page));
        // The admin also opens ropes with sensors and smartropes; the others meet them as screens they may not see.
        const { crashes, rawKeys, findings } = await checkScreens(page, [
          ...screenPaths(own, adminHierarchy, sensorScreens),
          ...(email === DEMO_ADMIN ? sensorRopePaths : []),
          ...projects.map((screen) => screen.path),
        ]);
        // The language switches ended in English: each project page answers with the project, or as not found.
        for (const { path, project, visible } of projects) {
          await openInApp(page, path);
          await waitForScreen(page);
          const heading = visible ? project.installationNumber : enShell.notFound.title;
          await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: 10_000 });
          if (!visible) await page.getByText(enDocuments.projects.notFound).waitFor();
        }
        await close();
        expect(crashes, 'screens that reached the error boundary or lack their h1').toEqual([]);
        expect(rawKeys, 'translation keys shown instead of their texts').toEqual([]);
        expect(errors, 'uncaught exceptions in the page').toEqual([]);
        expect(Object.keys(findings), report(findings)).toEqual([]);
      });
    }

    for (const width of GERMAN_WIDTHS) {
      it(`in German (de-DE, Europe/Zurich) at ${width} px: no screen skips a heading level or has a target under 24 px`, {
        timeout: 300_000,
      }, async () => {
        const context = await germanContext(width);
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        const problems: Record<string, string[]> = {};
        const check = async (path: string) => {
          const found = await outlineAndTargetProblems(page);
          if (found.length > 0) problems[path] = found;
        };
        // Signed out first: the login screen as a German browser shows it, then the other public screens.
        await page.goto(`${server().url}/login`);
        await page.getByRole('dialog', { name: deAuth.cookies.title }).getByRole('button').click();
        for (const path of PUBLIC_PATHS) {
          await openInApp(page, path);
          await waitForScreen(page);
          await check(`${path} (signed out)`);
        }
        const language = await signInInGerman(page, { noticeShown: false });
        try {
          const paths = [
            ...screenPaths(adminHierarchy, adminHierarchy, sensorScreens),
            ...sensorRopePaths,
            ...projectScreens(adminProjects).map((screen) => screen.path),
          ];
          for (const path of paths) {
            await openInApp(page, path);
            await waitForScreen(page);
            await check(path);
          }
          expect(await page.evaluate(() => document.documentElement.lang), 'the screens were German').toBe('de-DE');
          // The sidebar, active and not, at rest and under the pointer (only drawn beside the page at this width).
          if (width === 1280) {
            await openInApp(page, '/dashboard');
            await waitForScreen(page);
            for (const item of ['a[aria-current="page"]', 'a:not([aria-current])']) {
              const selector = `nav ${item}`;
              await page.locator(selector).first().hover();
              await page.waitForTimeout(200);
              const contrast = await axeRuleViolations(page, ['color-contrast'], selector);
              if (contrast.length > 0)
                problems[`sidebar ${item}, hovered`] = contrast.flatMap((finding) => finding.nodes);
            }
          }
        } finally {
          await restoreLanguage(page, language);
          await context.close();
        }
        expect(problems, 'heading levels skipped, targets under 24 px, hovered sidebar contrast').toEqual({});
        expect(errors).toEqual([]);
      });
    }

    it('the API documentation, alone and in the OpenAPI screen: no serious axe finding, no console error (CSP), outline and targets kept, with operations opened and tried', {
      timeout: 240_000,
    }, async () => {
      const context = await germanContext(1280);
      const page = await context.newPage();
      const findings: Record<string, AxeFinding[]> = {};
      const note = (where: string, found: AxeFinding[]) => {
        if (found.length > 0) findings[where] = [...(findings[where] ?? []), ...found];
      };
      const language = await signInInGerman(page);
      // From here on: the sign-in screen's own check of the session answers 401 before, as it should.
      const consoleErrors = collectConsoleErrors(page);
      try {
        await openInApp(page, '/openapi');
        await waitForScreen(page);
        const embedded = page.frames().find((frame) => frame.url().includes('/api/doc'));
        expect(embedded, 'the OpenAPI screen embeds /api/doc').toBeDefined();
        if (embedded) {
          await embedded.locator('.opblock').first().waitFor({ timeout: 30_000 });
          note('/openapi', await seriousAxeViolations(page));
          note('/openapi', await axeRuleViolations(page, OUTLINE_AND_TARGET_RULES));
          note('/api/doc in the OpenAPI screen', await seriousAxeViolations(embedded));
          note('/api/doc in the OpenAPI screen', await axeRuleViolations(embedded, OUTLINE_AND_TARGET_RULES));
        }

        await page.goto(`${server().url}/api/doc`);
        await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
        note('/api/doc', await seriousAxeViolations(page));
        note('/api/doc', await axeRuleViolations(page, OUTLINE_AND_TARGET_RULES));
        expect(await skippedHeadingLevels(page), '/api/doc heading levels').toEqual([]);
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
        note('/api/doc, operations tried', await seriousAxeViolations(page));
        note('/api/doc, operations tried', await axeRuleViolations(page, ['target-size']));
        await page.locator('.auth-wrapper .btn.authorize').click();
        await page.locator('.modal-ux').waitFor();
        note('/api/doc, authorization dialog', await seriousAxeViolations(page, '.modal-ux'));
        await page.locator('.modal-ux button.close-modal').click();
      } finally {
        await page.goto(`${server().url}/dashboard`);
        await waitForLandingScreen(page);
        await restoreLanguage(page, language);
        await context.close();
      }
      expect(Object.keys(findings), report(findings)).toEqual([]);
      expect(consoleErrors, 'console errors (a refused inline style or script, a failed request)').toEqual([]);
    });

    it('signed out: the login, reset and unsubscribe screens', async () => {
      const { page, errors, close } = await openPage();
      await page.goto(`${server().url}/login`);
      await acceptCookies(page);
      const { crashes, rawKeys, findings } = await checkScreens(page, PUBLIC_PATHS);
      await close();
      expect(crashes).toEqual([]);
      expect(rawKeys, 'translation keys shown instead of their texts').toEqual([]);
      expect(errors).toEqual([]);
      expect(Object.keys(findings), report(findings)).toEqual([]);
    });

    it('a free user asking for the areas or a rope is told it is not for them, not that there are none', async () => {
      const { page, errors, close } = await openPage();
      await signInAsDemo(page, server().url, 'free@example.com');
      const { areaId, installationId, ropeId } = adminHierarchy;
      for (const path of ['/areas', `/areas/${areaId}/installations/${installationId}/ropes/${ropeId}`]) {
        await openInApp(page, path);
        await waitForScreen(page);
        await page.getByText(enAreas.forbidden).waitFor({ timeout: 10_000 });
        await page.screenshot({ path: screenshotPath(`free-user-${path === '/areas' ? 'areas' : 'rope'}`) });
        await expect(page.getByText(enAreas.empty).count(), path).resolves.toBe(0);
      }
      await close();
      expect(errors).toEqual([]);
    });

    it('anyone but an admin asking for the sensor or smartrope screens is told they are for admins', async () => {
      const { page, errors, close } = await openPage();
      await signInAsDemo(page, server().url, 'clientadmin@example.com');
      await waitForScreen(page);
      const { sensorDeviceId, smartropeId } = sensorScreens;
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
      await page.screenshot({ path: screenshotPath('sensors-refused') });
      await expect(page.getByRole('link', { name: enShell.nav.sensors }).count()).resolves.toBe(0);
      await close();
      expect(errors).toEqual([]);
    });

    it('an area, installation or rope that does not exist says so', async () => {
      const { page, errors, close } = await openPage();
      // Opened with a CPU six times slower, as on a machine busy with other tests: signInAsDemo returns only once
      // the start screen is drawn, so the steps below cannot be overtaken by the sign-in's redirect to it.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await signInAsDemo(page, server().url, DEMO_ADMIN);
      const landed = await page.evaluate(() => ({
        path: window.location.pathname,
        title: document.querySelector('h1')?.textContent,
        loading: document.querySelector('.mantine-Loader-root') !== null,
      }));
      expect(landed).toEqual({ path: '/areas', title: enAreas.title, loading: false });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const { areaId, installationId } = adminHierarchy;
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
    });

    it('the main dialogs have no serious axe finding', async () => {
      const { page, errors, close } = await openPage();
      await signInAsDemo(page, server().url, DEMO_ADMIN);
      // The language is the user's: an earlier test may have left another one.
      await switchLanguage(page, 'en-US');
      const { areaId, installationId, ropeId } = adminHierarchy.ropeId ? adminHierarchy : await findHierarchy(page);
      const installationPath = `/areas/${areaId}/installations/${installationId}`;
      const findings: Record<string, AxeFinding[]> = {};
      const checkDialog = async (name: string, path: string, open: () => Promise<void>) => {
        await page.goto(`${server().url}${path}`);
        await waitForScreen(page);
        await open();
        await page.getByRole('dialog').first().waitFor();
        await waitForScreen(page);
        // The screen behind was checked on its own; here only what the dialog adds.
        const violations = await seriousAxeViolations(page, '[role="dialog"]');
        if (violations.length > 0) findings[name] = violations;
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
      expect(Object.keys(findings), report(findings)).toEqual([]);
    });

    it('keeps the areas map alive through zooming, resizing, a language switch and leaving mid-zoom', async () => {
      const { page, errors, close } = await openPage();
      await signInAsDemo(page, server().url, DEMO_ADMIN);
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
      await switchLanguage(page, 'en-US');
      expect(await errorBoundaryShown(page)).toBe(false);
      await close();
      expect(errors).toEqual([]);
    });

    it('takes screenshots of the areas list at 375 and 1280 px', async () => {
      for (const width of [375, 1280]) {
        const { page, errors, close } = await openPage(width);
        await signInAsDemo(page, server().url, DEMO_ADMIN);
        await page.goto(`${server().url}/areas`);
        await waitForScreen(page);
        await page.screenshot({ path: screenshotPath(`areas-list-${width}`), fullPage: true });
        expect(await errorBoundaryShown(page)).toBe(false);
        await close();
        expect(errors).toEqual([]);
      }
    });
  },
);
