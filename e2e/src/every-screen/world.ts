import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import deAuth from '../../../apps/web/src/i18n/locales/de-DE/auth.json';
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  pageGet,
  signInForCalls,
  useDemoServer,
  waitForLandingScreen,
} from '../demo-session.ts';
import {
  type AxeFinding,
  axeRuleViolations,
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
  seriousAxeViolations,
  skippedHeadingLevels,
  switchLanguage,
  textsMissed,
  waitForScreen,
} from '../screen-check.ts';
import { GERMAN_ADMIN_IN_ZURICH, newWorldContext } from '../world.ts';

/** The title of every every-screen file's describe block: the files are one check, split to run side by side. */
export const EVERY_SCREEN_TITLE = 'every screen as every demo role in every language';

/** Screens a signed-out visitor can open; the tokens are unknown, so each shows its "invalid link" state. */
export const PUBLIC_PATHS = ['/login', '/login/reset/unknown-token', '/notification/unsubscribe/nobody%40example.com'];

export function report(findings: Record<string, AxeFinding[]>): string {
  return JSON.stringify(findings, null, 2);
}

/**
 * Map markers are left to the list beside the map: demo areas lie a few kilometres apart, so their 24 px markers
 * overlap at the zoom that shows them all, and WCAG 2.5.8 excepts a target whose function another control on the
 * page offers (each area is a row of the list, checked with everything else).
 */
const TARGET_CHECK_CONTEXT = { exclude: ['.leaflet-marker-pane'] };

/** Problems with a screen's outline (a heading level skipped) and its targets (smaller than 24 px, too close). */
export async function outlineAndTargetProblems(page: Page): Promise<string[]> {
  const skipped = (await skippedHeadingLevels(page)).map((heading) => `heading level skipped: ${heading}`);
  const axeFindings = await axeRuleViolations(page, OUTLINE_AND_TARGET_RULES, TARGET_CHECK_CONTEXT);
  return [...skipped, ...axeFindings.flatMap((finding) => finding.nodes.map((node) => `${finding.id}: ${node}`))];
}

/**
 * Leaves the OpenAPI screen's embedded documentation blank in this page: Swagger UI laying out 179 operations cost
 * about 7 s of the renderer's CPU per load and reload there, and it is one document for every role and language,
 * which the every-screen file checks embedded and alone (axe, outline, targets, operations tried). The screen around
 * it (its heading, links, the frame and its title) is still opened, reloaded and switched through the languages.
 * Only what Swagger UI loads under /api/doc/ (its script and the API description) is refused: Chromium matches a
 * blocked pattern anywhere in an address, and the pattern for /api/doc itself had refused /api/documents too, so every
 * role's document screens were checked while their lists failed to load (and waited out three retries).
 */
export async function leaveEmbeddedDocumentationBlank(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBlockedURLs', { urls: [EMBEDDED_DOCUMENTATION_PARTS] });
}

/** The addresses refused by leaveEmbeddedDocumentationBlank: all of them under /api/doc/, none of /api/documents. */
export const EMBEDDED_DOCUMENTATION_PARTS = '*/api/doc/*';

/**
 * The requests of `page` the browser refused (a blocked address) that are not the embedded documentation's, as they
 * happen: a screen checked while its data was refused is not checked.
 */
export function blockedBeyondDocumentation(page: Page): string[] {
  const blocked: string[] = [];
  page.on('requestfailed', (request) => {
    const refused = /inspector|BLOCKED/i.test(request.failure()?.errorText ?? '');
    if (refused && !new URL(request.url()).pathname.startsWith('/api/doc/')) blocked.push(request.url());
  });
  return blocked;
}

/**
 * A demo server and browser for one every-screen file, and what the admin sees in the demo (found once, before the
 * file's tests): its hierarchy, projects, sensor screens and the rope pages with sensors and smartropes.
 */
export function useEveryScreenWorld({ sharedServer = false } = {}) {
  const { server, browser } = useDemoServer({ shared: sharedServer });
  let adminHierarchy: Hierarchy = {};
  let adminProjects: Project[] = [];
  let sensorScreens: SensorScreens = {};
  /** Rope pages with the sensor charts and the smartrope events (the admin's first rope may have neither). */
  let sensorRopePaths: string[] = [];
  beforeAll(async () => {
    const { page, close } = await openPage();
    await signInForCalls(page, server().url, DEMO_ADMIN);
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
  function germanContext(width: number): Promise<BrowserContext> {
    return newWorldContext(browser(), { world: GERMAN_ADMIN_IN_ZURICH, width });
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

  async function openPage(
    width = 1280,
  ): Promise<{ page: Page; errors: string[]; blocked: string[]; close: () => Promise<void> }> {
    // The default world's browser (German, Zurich) whoever signs in: the language loop below ends in English.
    const context = await newWorldContext(browser(), { width });
    const page = await context.newPage();
    await leaveEmbeddedDocumentationBlank(page);
    return {
      page,
      errors: collectPageErrors(page),
      blocked: blockedBeyondDocumentation(page),
      close: () => context.close(),
    };
  }

  /**
   * Opens, reloads and switches the language on each path; axe runs once per path. Each path is shown in all four
   * languages: in the one the path before ended in (on opening and reload), then switched through the other three,
   * so the next path opens in another language. Ends in English. `inGerman` runs once per path, while it shows German.
   */
  async function checkScreens(
    page: Page,
    paths: readonly string[],
    { inGerman }: { inGerman?: (path: string) => Promise<void> } = {},
  ) {
    const crashes: string[] = [];
    const rawKeys: string[] = [];
    const timings: string[] = [];
    const noteRawKeys = async (when: string) => {
      for (const shown of await rawKeysShown(page)) rawKeys.push(`${when}: ${shown}`);
      for (const missed of await textsMissed(page)) rawKeys.push(`${when}: met without its text: ${missed}`);
    };
    const findings: Record<string, AxeFinding[]> = {};
    const shown = await page.evaluate(() => document.documentElement.lang);
    let current = LANGUAGES.find((language) => language === shown) ?? LANGUAGES[0];
    for (const path of paths) {
      let started = Date.now();
      await openInApp(page, path);
      await waitForScreen(page);
      if (await errorBoundaryShown(page)) crashes.push(`${path} on load`);
      // Given a moment: a project page on a busy CI machine once had not one h1 right after it settled (2026-12-02).
      const oneHeading = await page
        .waitForFunction(() => document.querySelectorAll('h1').length === 1, undefined, {
          timeout: 10_000,
          polling: 100,
        })
        .then(
          () => true,
          () => false,
        );
      if (!oneHeading) crashes.push(`${path} has not exactly one h1`);
      await noteRawKeys(`${path} on load in ${current}`);
      if (current === 'de-DE') await inGerman?.(path);
      timings.push(`${path} load ${Date.now() - started}`);
      const violations = await seriousAxeViolations(page);
      if (violations.length > 0) findings[path] = violations;
      timings.push(`${path} axe ${Date.now() - started}`);
      started = Date.now();
      await page.reload();
      await waitForScreen(page);
      if (await errorBoundaryShown(page)) crashes.push(`${path} on reload`);
      const at = LANGUAGES.indexOf(current);
      for (const language of [...LANGUAGES.slice(at + 1), ...LANGUAGES.slice(0, at)]) {
        if (crashes.length > 0 && (await errorBoundaryShown(page))) break;
        await switchLanguage(page, language);
        current = language;
        await page.waitForTimeout(100);
        if (await errorBoundaryShown(page)) crashes.push(`${path} in ${language}`);
        await noteRawKeys(`${path} in ${language}`);
        if (language === 'de-DE') await inGerman?.(path);
      }
      timings.push(`${path} reload+languages ${Date.now() - started}`);
    }
    if (current !== LANGUAGES[0]) await switchLanguage(page, LANGUAGES[0]);
    if (process.env.SCREEN_TIMINGS) console.log(timings.join('\n'));
    return { crashes, rawKeys, findings };
  }

  return {
    server,
    browser,
    adminHierarchy: () => adminHierarchy,
    adminProjects: () => adminProjects,
    sensorScreens: () => sensorScreens,
    sensorRopePaths: () => sensorRopePaths,
    projectScreens,
    germanContext,
    signInInGerman,
    restoreLanguage,
    openPage,
    checkScreens,
  };
}
