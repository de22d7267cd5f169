import { describe, expect, it } from 'vitest';
import deAuth from '../../apps/web/src/i18n/locales/de-DE/auth.json';
import { browserMissing } from './browser.ts';
import {
  EVERY_SCREEN_TITLE,
  leaveEmbeddedDocumentationBlank,
  outlineAndTargetProblems,
  PUBLIC_PATHS,
  useEveryScreenWorld,
} from './every-screen/world.ts';
import { axeRuleViolations, collectPageErrors, openInApp, screenPaths, waitForScreen } from './screen-check.ts';

/** The widths a German inspector meets the cockpit at: a phone and a laptop. */
const GERMAN_WIDTHS = [375, 1280] as const;

describe.skipIf(Boolean(browserMissing))(
  `${EVERY_SCREEN_TITLE}${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const world = useEveryScreenWorld();

    for (const width of GERMAN_WIDTHS) {
      // At a laptop's width the admin's file checks the signed-in screens, each while it shows German.
      const signedIn = width === 375 ? 'no screen' : 'no signed-out screen (the signed-in ones: every-screen-admin)';
      it(`in German (de-DE, Europe/Zurich) at ${width} px: ${signedIn} skips a heading level or has a target under 24 px`, {
        timeout: 600_000,
      }, async () => {
        const adminHierarchy = world.adminHierarchy();
        const context = await world.germanContext(width);
        const page = await context.newPage();
        await leaveEmbeddedDocumentationBlank(page);
        const errors = collectPageErrors(page);
        const problems: Record<string, string[]> = {};
        const check = async (path: string) => {
          const found = await outlineAndTargetProblems(page);
          if (found.length > 0) problems[path] = found;
        };
        // Signed out first: the login screen as a German browser shows it, then the other public screens.
        await page.goto(`${world.server().url}/login`);
        await page.getByRole('dialog', { name: deAuth.cookies.title }).getByRole('button').click();
        for (const path of PUBLIC_PATHS) {
          await openInApp(page, path);
          await waitForScreen(page);
          await check(`${path} (signed out)`);
        }
        const language = await world.signInInGerman(page, { noticeShown: false });
        try {
          const paths =
            width === 375
              ? [
                  ...screenPaths(adminHierarchy, adminHierarchy, world.sensorScreens()),
                  ...world.sensorRopePaths(),
                  ...world.projectScreens(world.adminProjects()).map((screen) => screen.path),
                ]
              : [];
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
          await world.restoreLanguage(page, language);
          await context.close();
        }
        expect(problems, 'heading levels skipped, targets under 24 px, hovered sidebar contrast').toEqual({});
        expect(errors).toEqual([]);
      });
    }
  },
);
