import { describe, expect, it } from 'vitest';
import enDocuments from '../../../apps/web/src/i18n/locales/en-US/documents.json';
import enShell from '../../../apps/web/src/i18n/locales/en-US/shell.json';
import { browserMissing } from '../browser.ts';
import { DEMO_ADMIN, signInAsDemo } from '../demo-session.ts';
import { findHierarchy, findProjects, openInApp, screenPaths, waitForScreen } from '../screen-check.ts';
import { EVERY_SCREEN_TITLE, outlineAndTargetProblems, report, useEveryScreenWorld } from './world.ts';

/**
 * Every screen as one demo role, in a file of its own: the five roles' files run side by side with the rest of the
 * browser tests, each on its own server.
 */
export function describeEveryScreenAs(email: string) {
  describe.skipIf(Boolean(browserMissing))(
    `${EVERY_SCREEN_TITLE}${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
    () => {
      // The five roles' files share one server: each reads, and changes only its own user's language.
      const world = useEveryScreenWorld({ sharedServer: true });

      const germanOutline =
        email === DEMO_ADMIN ? ', and in German at 1280 px none skips a heading level or has a target under 24 px' : '';
      it(`${email}: every screen opens, reloads and switches through the languages with no crash and no serious axe finding${germanOutline}`, {
        timeout: 600_000,
      }, async () => {
        const adminHierarchy = world.adminHierarchy();
        const adminProjects = world.adminProjects();
        const { page, errors, blocked, close } = await world.openPage();
        await signInAsDemo(page, world.server().url, email);
        const own = await findHierarchy(page);
        expect(adminHierarchy.ropeId, 'the admin sees a rope in the demo data').toBeDefined();
        expect(adminProjects.length, 'the admin sees a project in the demo data').toBeGreaterThan(0);
        const projects = world.projectScreens(await findProjects(page));
        // The admin also opens ropes with sensors and smartropes; the others meet them as screens they may not see.
        // The admin's screens, each while it shows German, are the German inspector's at a laptop's width: no heading
        // level skipped, no target under 24 px (the German file checks them at a phone's width).
        const outlineProblems: Record<string, string[]> = {};
        const checkedInGerman = new Set<string>();
        const paths = [
          ...screenPaths(own, adminHierarchy, world.sensorScreens()),
          ...(email === DEMO_ADMIN ? world.sensorRopePaths() : []),
          ...projects.map((screen) => screen.path),
        ];
        const { crashes, rawKeys, findings } = await world.checkScreens(page, paths, {
          inGerman:
            email === DEMO_ADMIN
              ? async (path) => {
                  checkedInGerman.add(path);
                  const found = await outlineAndTargetProblems(page);
                  if (found.length > 0) outlineProblems[path] = found;
                }
              : undefined,
        });
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
        expect(blocked, 'requests refused by the browser beyond the embedded documentation').toEqual([]);
        expect(Object.keys(findings), report(findings)).toEqual([]);
        if (email === DEMO_ADMIN) {
          expect([...checkedInGerman], 'each screen checked while it showed German').toEqual([...new Set(paths)]);
          expect(outlineProblems, 'in German at 1280 px: heading levels skipped, targets under 24 px').toEqual({});
        }
      });
    },
  );
}
