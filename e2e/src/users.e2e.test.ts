import { describe, expect, it } from 'vitest';
import deCommon from '../../apps/web/src/i18n/locales/de-DE/common.json';
import deUsers from '../../apps/web/src/i18n/locales/de-DE/users.json';
import enApp from '../../apps/web/src/i18n/locales/en-US/app.json';
import enAuth from '../../apps/web/src/i18n/locales/en-US/auth.json';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enUsers from '../../apps/web/src/i18n/locales/en-US/users.json';
import { browserMissing, keepScreenshot } from './browser.ts';
import { DEMO_ADMIN, DEMO_PASSWORD, signInAsDemo, useDemoServer } from './demo-session.ts';
import { seriousAxeViolations, switchLanguage } from './screen-check.ts';
import { ENGLISH_ADMIN_IN_UTC, GERMAN_ADMIN_IN_ZURICH, newWorldContext } from './world.ts';

const API_USER = 'api-external@example.com';
const keys = deUsers.apiKeys;

describe.skipIf(Boolean(browserMissing))(
  `the users screen${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const demo = useDemoServer();

    it('lists the users, refuses a second account for an email, and reads in English and German', async () => {
      const context = await newWorldContext(demo.browser(), { world: ENGLISH_ADMIN_IN_UTC, width: 1280, height: 800 });
      const page = await context.newPage();
      await page.goto(`${demo.server().url}/users`);
      await page.getByRole('dialog', { name: enAuth.cookies.title }).getByRole('button').click();
      await page.locator('input[autocomplete="username"]').fill(DEMO_ADMIN);
      await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: enAuth.login.submit, exact: true }).click();
      await page.getByText('client@example.com').first().waitFor();
      await page.getByText(enUsers.showFree).waitFor();
      await keepScreenshot(page, 'users-en');

      await page.getByRole('button', { name: enUsers.add }).first().click();
      const dialog = page.getByRole('dialog', { name: enUsers.add });
      await dialog.getByLabel(enCommon.fields.email).fill('client@example.com');
      await dialog.getByLabel(enCommon.fields.role).click();
      await page.getByRole('option', { name: enUsers.roles.ROLE_ADMIN, exact: true }).click();
      await dialog.locator('input[autocomplete="new-password"]').fill('another-pass-1');
      await dialog.getByRole('button', { name: enCommon.actions.save, exact: true }).click();
      await page.getByText(enApp.errors.emailConflict).waitFor();
      await keepScreenshot(page, 'users-email-exists');
      await page.getByRole('button', { name: enCommon.actions.ok }).click();
      await page.keyboard.press('Escape');

      await page.getByText('DE', { exact: true }).click();
      await page.getByText(deUsers.showFree).waitFor();
      await keepScreenshot(page, 'users-de');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    });

    it('makes an API key for an API user, shows it once, and revokes it: German admin in Zurich, 1280 and 375 px', async () => {
      for (const width of [1280, 375]) {
        const context = await newWorldContext(demo.browser(), { world: GERMAN_ADMIN_IN_ZURICH, width, height: 900 });
        const page = await context.newPage();
        await signInAsDemo(page, demo.server().url);
        await switchLanguage(page, 'de-DE');
        await page.goto(`${demo.server().url}/users`);
        await page.getByLabel(deUsers.search.label).fill('api-external');
        await page.getByRole('button', { name: deUsers.table.editUser.replace('{{email}}', API_USER) }).click();
        const section = page
          .getByRole('dialog', { name: deUsers.form.titleEdit })
          .getByRole('region', { name: keys.title });
        await section.getByText('rc_demo_exte…').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await keepScreenshot(page, `api-keys-${width}`);
        if (width !== 1280) {
          await context.close();
          continue;
        }

        await section.getByRole('button', { name: keys.add }).click();
        const making = page.getByRole('dialog', { name: keys.newTitle });
        await making.getByLabel(deCommon.fields.name).fill('Instandhaltung');
        await making.getByLabel(keys.lastDay).fill('2027-03-31');
        await making.getByRole('button', { name: keys.create }).click();
        const made = page.getByRole('dialog', { name: keys.createdTitle });
        const key = (await made.getByTestId('new-api-key').textContent())!.trim();
        expect(key).toMatch(/^rc_/);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await keepScreenshot(page, 'api-key-made');
        await made.getByRole('button', { name: deCommon.actions.close }).last().click();
        // Ends at the end of the chosen day in Zurich, shown in Swiss German.
        await section.getByText('31.03.2027, 23:59').waitFor();
        const areas = (bearer: string) =>
          fetch(`${demo.server().url}/api/areas`, { headers: { authorization: `Bearer ${bearer}` } });
        expect((await areas(key)).status).toBe(200);

        await section.getByRole('button', { name: keys.revokeNamed.replace('{{name}}', 'Instandhaltung') }).click();
        await page.getByRole('dialog', { name: keys.revokeTitle }).getByRole('button', { name: keys.revoke }).click();
        const revokeButton = section.getByRole('button', {
          name: keys.revokeNamed.replace('{{name}}', 'Instandhaltung'),
        });
        await revokeButton.waitFor({ state: 'detached' });
        await section.locator('.mantine-Badge-root', { hasText: keys.states.revoked }).waitFor();
        expect((await areas(key)).status).toBe(401);
        await context.close();
      }
    });
  },
);
