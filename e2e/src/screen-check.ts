import { readdirSync } from 'node:fs';
import axe from 'axe-core';
import type { Frame, Page } from 'playwright-core';
import { POLL_EVERY_50_MS, screenshotPath } from './browser.ts';
import { pageGet } from './demo-session.ts';

export const LANGUAGES = ['en-US', 'de-DE', 'fr-FR', 'es-ES'] as const;

/**
 * What the browser console says is wrong, in the page and its frames: errors (a CSP refusal, a failed request, a
 * React warning) and uncaught exceptions.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.location().url || page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** What went wrong on a page: uncaught exceptions and the app's full-page error. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** The app has replaced the boot message in #root. */
function appRunning(): boolean {
  return document.querySelector('#root > *:not(.boot-message)') !== null;
}

/**
 * Opens a path the way the app's own links do (a history entry the router follows), which costs no page load
 * when the app is already running; a full load otherwise.
 */
export async function openInApp(page: Page, path: string) {
  // The title of the screen we leave is marked, so waitForScreen can tell the next screen's title from it.
  await page.evaluate(() => {
    document.querySelectorAll('h1').forEach((heading) => {
      heading.dataset.left = 'true';
    });
    (window as unknown as { navigatedAt: number }).navigatedAt = Date.now();
  });
  const running = await page.evaluate(appRunning).catch(() => false);
  if (!running || !page.url().startsWith('http')) {
    await page.goto(new URL(path, page.url()).href);
    return;
  }
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits until the screen shows its title (every screen has one h1) and has loaded its data (no loader left),
 * with its sections below the fold loaded too (revealDeferredSections), then gives effects a moment to run.
 */
export async function waitForScreen(page: Page) {
  await waitForTitleAndData(page);
  if (await revealDeferredSections(page)) await waitForTitleAndData(page);
  await page.waitForTimeout(350);
}

async function waitForTitleAndData(page: Page) {
  await page
    .waitForFunction(
      () =>
        document.querySelector('[data-testid="route-error"]') !== null ||
        // A redirect back to the same screen (/ to /areas) keeps its title: after a while any title will do.
        ((document.querySelector('h1:not([data-left])') !== null ||
          (document.querySelector('h1') !== null &&
            Date.now() - ((window as unknown as { navigatedAt?: number }).navigatedAt ?? 0) > 1_500)) &&
          document.querySelector('.mantine-Loader-root') === null),
      undefined,
      { timeout: 60_000, ...POLL_EVERY_50_MS },
    )
    .catch(async (error: unknown) => {
      // Says where it stopped: the page's address, what it shows and a picture, not only the wait's timeout.
      const state = await page
        .evaluate(() => ({
          headings: Array.from(document.querySelectorAll('h1'), (heading) => heading.textContent ?? ''),
          loaders: document.querySelectorAll('.mantine-Loader-root').length,
        }))
        .catch(() => undefined);
      const picture = screenshotPath(`unsettled-${process.pid}-${Date.now()}`);
      await page.screenshot({ path: picture, fullPage: true }).catch(() => undefined);
      throw new Error(`the screen at ${page.url()} did not settle: ${JSON.stringify(state)}, see ${picture}`, {
        cause: error,
      });
    });
}

/**
 * Sections below the fold load when the page is scrolled near them (the app's NearViewport marks them
 * data-deferred-section until then): scrolls to each, as a user would, so checks see the whole screen, and back to
 * the top. Says whether there were any; their content may still be loading when it returns.
 */
export async function revealDeferredSections(page: Page): Promise<boolean> {
  let revealed = false;
  for (;;) {
    // Looked up and scrolled in one step: a section that loads on its own between a count and a scroll is no
    // longer there to wait for.
    const left = await page.evaluate(() => {
      document.querySelector('[data-deferred-section]')?.scrollIntoView({ block: 'center' });
      return document.querySelectorAll('[data-deferred-section]').length;
    });
    if (left === 0) break;
    revealed = true;
    // Scrolled again while waiting: content loading above a section can push it out of the window between the
    // scroll and the next frame, and then nothing would ever reveal it.
    await page.waitForFunction(
      (before) => {
        if (document.querySelectorAll('[data-deferred-section]').length < before) return true;
        document.querySelector('[data-deferred-section]')?.scrollIntoView({ block: 'center' });
        return false;
      },
      left,
      { timeout: 30_000, polling: 300 },
    );
  }
  if (revealed) await page.evaluate(() => window.scrollTo(0, 0));
  return revealed;
}

export async function errorBoundaryShown(page: Page): Promise<boolean> {
  return (await page.locator('[data-testid="route-error"]').count()) > 0;
}

/**
 * Clicks the language switch (EN, DE, FR, ES) and waits for the document to speak it. On a slow machine running
 * several browser test files at once, one of a run's several hundred switches once did not arrive within 15 s (a
 * click landing while the screen re-rendered, or a stalled process), and once a click itself waited 30 s for a page
 * busy in its own thread: the control is clicked once more before the test gives up.
 */
export async function switchLanguage(page: Page, language: (typeof LANGUAGES)[number]) {
  const control = page.locator(`label[for$="-${language}"]`).first();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await control.click();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language, {
        timeout: 10_000,
        ...POLL_EVERY_50_MS,
      });
      return;
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}

/**
 * Switches a signed-in user's language to one other than the current and waits until the server has saved it: the
 * cockpit saves the choice beside the switch, and a page closed before that answer leaves the user in the language
 * it switched from (a test giving the admin back English, then the next tests of its server meeting a German admin).
 */
export async function switchUserLanguage(page: Page, language: (typeof LANGUAGES)[number]) {
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === '/api/users/self',
  );
  await switchLanguage(page, language);
  const answer = await saved;
  if (!answer.ok()) throw new Error(`the language ${language} was not saved: ${answer.status()}`);
}

/** The translation namespaces: the feature files of the English texts. */
const NAMESPACES = readdirSync(new URL('../../apps/web/src/i18n/locales/en-US/', import.meta.url))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

/**
 * Texts on the page that are translation keys rather than texts (`ropes.detail.title`, or an unresolved
 * `$t(...)`): in the page's text and in the attributes people meet (labels, placeholders, titles, alt texts).
 */
export async function rawKeysShown(page: Page): Promise<string[]> {
  return page.evaluate((namespaces) => {
    const key = new RegExp(`^(${namespaces.join('|')})(\\.[A-Za-z0-9_]+)+$`);
    // A file name (`settings.json`) is no key.
    const file = /\.(json|csv|pdf|txt|xlsx?|png|jpe?g|svg|zip|mea)$/i;
    const raw = (text: string | null) => {
      const trimmed = text?.trim() ?? '';
      return (key.test(trimmed) && !file.test(trimmed)) || trimmed.includes('$t(');
    };
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (raw(node.textContent)) found.add(node.textContent?.trim() ?? '');
    for (const element of Array.from(document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt'])
        if (raw(element.getAttribute(name))) found.add(`${name}="${element.getAttribute(name)}"`);
    return [...found];
  }, NAMESPACES);
}

/**
 * Keys the built app met without their texts although they exist (TEXTS_MISSED in apps/web/src/i18n/texts-contract.ts):
 * its whole group loaded to show them, so the build missed a key the code names. Answers those met since the last call.
 */
export async function textsMissed(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const globals = globalThis as Record<string, unknown>;
    const missed = (globals.__ropeTextsMissed ?? []) as string[];
    globals.__ropeTextsMissed = [];
    return missed;
  });
}

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;

interface AuditRule {
  id: string;
  impact?: string;
  any: (string | { id: string })[];
  all: (string | { id: string })[];
  none: (string | { id: string })[];
}

/**
 * The rules whose every check is minor or moderate, read from axe-core's own rule set: a violation of theirs is never
 * serious or critical, so seriousAxeViolations does not run them (a fifth of axe's time on a rope page). Read anew
 * from each axe-core version, so a rule that becomes serious is run again.
 */
export function rulesBelowSerious(): string[] {
  const audit = (
    axe as unknown as { _audit: { rules: AuditRule[]; checks: Record<string, { metadata?: { impact?: string } }> } }
  )._audit;
  const rank = (impact: string | undefined) => IMPACTS.indexOf(impact as (typeof IMPACTS)[number]);
  return audit.rules
    .filter((rule) => {
      const checks = [...rule.any, ...rule.all, ...rule.none].map((check) =>
        typeof check === 'string' ? check : check.id,
      );
      const highest = Math.max(rank(rule.impact), ...checks.map((id) => rank(audit.checks[id]?.metadata?.impact)));
      return highest >= 0 && highest < rank('serious');
    })
    .map((rule) => rule.id);
}

const SKIPPED_BELOW_SERIOUS = Object.fromEntries(rulesBelowSerious().map((id) => [id, { enabled: false }]));

/** Runs axe-core in the page or a frame of it: its critical and serious violations, each with the offending elements. */
export async function seriousAxeViolations(page: Page | Frame, within = 'html'): Promise<AxeFinding[]> {
  const violations = await axeViolations(page, within, { resultTypes: ['violations'], rules: SKIPPED_BELOW_SERIOUS });
  return findings(violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious'));
}

/** Rules Lighthouse weighs that axe leaves off or calls moderate: `target-size` is off in axe by default. */
export const OUTLINE_AND_TARGET_RULES = ['heading-order', 'target-size'];

/**
 * The given axe-core rules' violations, whatever their impact: e.g. OUTLINE_AND_TARGET_RULES (no heading level skipped;
 * WCAG 2.5.8's 24 by 24 CSS px, or that much space around) or `color-contrast` of a hovered element.
 */
export async function axeRuleViolations(
  page: Page | Frame,
  rules: string[],
  within: AxeScope = 'html',
): Promise<AxeFinding[]> {
  return findings(
    await axeViolations(page, within, { resultTypes: ['violations'], runOnly: { type: 'rule', values: rules } }),
  );
}

/** Headings seen in document order whose level is more than one below the one before, or a first that is no h1. */
export async function skippedHeadingLevels(page: Page | Frame): Promise<string[]> {
  return page.evaluate(() => {
    const headings = Array.from(document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]'))
      .filter((heading) => heading.getClientRects().length > 0 && !heading.closest('[aria-hidden="true"]'))
      .map((heading) => ({
        level: Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1)),
        text: (heading.textContent ?? '').trim().slice(0, 60),
      }));
    const skipped: string[] = [];
    headings.forEach((heading, index) => {
      const before = index === 0 ? 0 : (headings[index - 1]?.level ?? 0);
      if (heading.level > before + 1) skipped.push(`h${heading.level} "${heading.text}" after h${before || '-'}`);
    });
    return skipped;
  });
}

/** What axe looks at: a selector, or selectors to include and to leave out. */
export type AxeScope = string | { include?: string[]; exclude?: string[] };

async function axeViolations(page: Page | Frame, within: AxeScope, options: axe.RunOptions): Promise<axe.Result[]> {
  // A dialog fading in is half transparent: its colours are judged once the CSS transitions running have ended
  // (animations may loop, transitions end) and no dialog is see-through, which also covers the frame before its
  // transition starts (5 s at most).
  await page
    .waitForFunction(
      () => {
        const transitioning = document
          .getAnimations()
          .some((animation) => animation instanceof CSSTransition && animation.playState === 'running');
        const seeThrough = (element: Element | null): boolean =>
          element !== null && (Number(getComputedStyle(element).opacity) < 1 || seeThrough(element.parentElement));
        const fading = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).some(seeThrough);
        return !transitioning && !fading;
      },
      undefined,
      { timeout: 5_000, ...POLL_EVERY_50_MS },
    )
    .catch(() => {});
  // Evaluated through the debugging protocol: the app's CSP (rightly) refuses inline script tags.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    ({ scope, runOptions }) =>
      (window as unknown as { axe: typeof axe }).axe.run(scope as axe.ElementContext, runOptions as axe.RunOptions),
    { scope: within, runOptions: options as unknown as Record<string, unknown> },
  );
  return results.violations;
}

function findings(violations: axe.Result[]): AxeFinding[] {
  return violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.html.slice(0, 160)} :: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
  }));
}

export interface Hierarchy {
  areaId?: number;
  installationId?: number;
  ropeId?: number;
}

/** The first area (from the given user's point of view) that holds an installation with a rope. */
export async function findHierarchy(page: Page): Promise<Hierarchy> {
  const areas = await pageGet<{ areas?: { id: number }[] }>(page, '/areas');
  let found: Hierarchy = {};
  for (const area of areas.areas ?? []) {
    found = found.areaId ? found : { areaId: area.id };
    const { installations = [] } = await pageGet<{ installations?: { id: number }[] }>(
      page,
      `/areas/${area.id}/installations`,
    );
    for (const installation of installations) {
      const { ropes = [] } = await pageGet<{ ropes?: { id: number }[] }>(
        page,
        `/installations/${installation.id}/ropes`,
      );
      if (ropes[0]) return { areaId: area.id, installationId: installation.id, ropeId: ropes[0].id };
    }
  }
  return found;
}

export interface Project {
  id: number;
  installationNumber: string;
}

/** The projects of the external system this user sees (GET /api/habel/installations). */
export async function findProjects(page: Page): Promise<Project[]> {
  const { projects = [] } = await pageGet<{ projects?: Project[] }>(page, '/habel/installations');
  return projects;
}

/** The admin's sensor device and smartrope to open the admin screens with (everyone else is refused them). */
export interface SensorScreens {
  sensorDeviceId?: number;
  smartropeId?: number;
}

/** The first sensor device and smartrope the given user (an admin) may open. */
export async function findSensorScreens(page: Page): Promise<SensorScreens> {
  const devices = await pageGet<{ sensorDevices?: { id: number }[] }>(page, '/sensor-devices');
  const smartropes = await pageGet<{ smartropes?: { id: number }[] }>(page, '/smartropes');
  return { sensorDeviceId: devices.sensorDevices?.[0]?.id, smartropeId: smartropes.smartropes?.[0]?.id };
}

/** Every screen of the router, with the given hierarchy (another user's when this one sees none). */
export function screenPaths(own: Hierarchy, fallback: Hierarchy, sensors: SensorScreens = {}): string[] {
  const areaId = own.areaId ?? fallback.areaId;
  const useOwn = own.ropeId !== undefined;
  const installationId = useOwn ? own.installationId : fallback.installationId;
  const ropeId = useOwn ? own.ropeId : fallback.ropeId;
  const installationPath = `/areas/${areaId}/installations/${installationId}`;
  return [
    '/',
    '/areas',
    `/areas/${areaId}`,
    installationPath,
    `${installationPath}/ropes/${ropeId}`,
    '/dashboard',
    '/documents',
    '/general-documents',
    '/search',
    '/search?filter=rope',
    '/users',
    '/mandators',
    '/sensor-devices',
    `/sensor-devices/${sensors.sensorDeviceId ?? 1}`,
    '/smartropes',
    `/smartropes/${sensors.smartropeId ?? 1}`,
    '/imprint',
    '/openapi',
    // The demo has no webhook endpoint: the one asked for answers "not found" (or, to most roles, "not for you").
    '/webhooks',
    '/webhooks/1',
    '/no-such-screen',
  ];
}
