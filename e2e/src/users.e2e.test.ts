import { describe, expect, it } from 'vitest';
import deUsers from '../../apps/web/src/i18n/locales/de-DE/users.json';
import enApp from '../../apps/web/src/i18n/locales/en-US/app.json';
import enAuth from '../../apps/web/src/i18n/locales/en-US/auth.json';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enUsers from '../../apps/web/src/i18n/locales/en-US/users.json';
import { browserMissing, keepScreenshot } from './browser.ts';
import { DEMO_ADMIN, DEMO_PASSWORD, useDemoServer } from './demo-session.ts';
import { ENGLISH_ADMIN_IN_UTC, newWorldContext } from './world.ts';

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
  },
);
