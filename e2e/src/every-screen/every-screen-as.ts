import { describe, expect, it } from 'vitest';
import enDocuments from '../../../apps/web/src/i18n/locales/en-US/documents.json';
import enShell from '../../../apps/web/src/i18n/locales/en-US/shell.json';
import { browserMissing } from '../browser.ts';
import { DEMO_ADMIN, signInAsDemo } from '../demo-session.ts';
import { findHierarchy, findProjects, openInApp, screenPaths, waitForScreen } from '../screen-check.ts';
import { EVERY_SCREEN_TITLE, report, useEveryScreenWorld } from './world.ts';

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

      it(`${email}: every screen opens, reloads and switches through the languages with no crash and no serious axe finding`, {
        timeout: 600_000,
      }, async () => {
        const adminHierarchy = world.adminHierarchy();
        const adminProjects = world.adminProjects();
        const { page, errors, close } = await world.openPage();
        await signInAsDemo(page, world.server().url, email);
        const own = await findHierarchy(page);
        expect(adminHierarchy.ropeId, 'the admin sees a rope in the demo data').toBeDefined();
        expect(adminProjects.length, 'the admin sees a project in the demo data').toBeGreaterThan(0);
        const projects = world.projectScreens(await findProjects(page));
        // The admin also opens ropes with sensors and smartropes; the others meet them as screens they may not see.
        const { crashes, rawKeys, findings } = await world.checkScreens(page, [
          ...screenPaths(own, adminHierarchy, world.sensorScreens()),
          ...(email === DEMO_ADMIN ? world.sensorRopePaths() : []),
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
    },
  );
}
