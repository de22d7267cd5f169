import { describe, expect, it } from 'vitest';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enDashboard from '../../apps/web/src/i18n/locales/en-US/dashboard.json';
import enEnums from '../../apps/web/src/i18n/locales/en-US/enums.json';
import enEvents from '../../apps/web/src/i18n/locales/en-US/events.json';
import enNotifications from '../../apps/web/src/i18n/locales/en-US/notifications.json';
import enShell from '../../apps/web/src/i18n/locales/en-US/shell.json';
import { browserMissing, keepScreenshot } from './browser.ts';
import { DEMO_ADMIN, openSignedIn, pageApi, signInForCalls, useDemoServer } from './demo-session.ts';
import { ENGLISH_ADMIN_IN_UTC, newWorldContext } from './world.ts';

interface PlacedRope {
  id: number;
  name: string;
  isDeleted: boolean;
  installation: { id: number; name: string };
  area: { id: number; name: string };
}

describe.skipIf(Boolean(browserMissing))(
  `notifications and the dashboard in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const demo = useDemoServer();

    it('configures a damage rule, sees its notification after a new damage, and shows the dashboard', async () => {
      const context = await newWorldContext(demo.browser(), { world: ENGLISH_ADMIN_IN_UTC, width: 1400, height: 1000 });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signInForCalls(page, demo.server().url);

      const { body } = await pageApi<{ ropes: PlacedRope[] }>(page, '/ropes');
      const rope = body.ropes.find((candidate) => !candidate.isDeleted);
      if (!rope) throw new Error('no demo rope');
      const installationPath = `/areas/${rope.area.id}/installations/${rope.installation.id}`;

      await openSignedIn(page, demo.server().url, installationPath);
      await page.getByRole('button', { name: enNotifications.settings.title }).click();
      const dialog = page.getByRole('dialog', { name: enNotifications.settings.title });
      await dialog.getByLabel(enCommon.fields.email).check();
      await dialog.getByLabel(enNotifications.settings.users, { exact: true }).click();
      await page.getByRole('option', { name: new RegExp(DEMO_ADMIN.replace('.', '\\.')) }).click();
      await page.keyboard.press('Tab');
      await dialog.getByLabel(enCommon.fields.type, { exact: true }).first().click();
      await page.getByRole('option', { name: enEnums.recordingTypes.damage, exact: true }).click();
      // A complete rule gets a blank row behind it.
      await expect.poll(() => dialog.locator('[data-rule-row]').count()).toBe(2);
      await keepScreenshot(page, 'notification-settings');
      await dialog.getByRole('button', { name: enCommon.actions.save, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      const saved = await pageApi<{
        installation: { notificationSettings: { users: number[]; rules: { type: string }[] } };
      }>(page, `/installations/${rope.installation.id}`);
      expect(saved.body.installation.notificationSettings.rules.map((rule) => rule.type)).toEqual(['damage']);
      expect(saved.body.installation.notificationSettings.users).toHaveLength(1);

      const created = await pageApi<{ ropeEvent: { id: number } }>(page, '/events', {
        method: 'POST',
        body: {
          ropeEvent: {
            rope: { id: rope.id },
            position: 12.5,
            attributes: {
              timestamp: new Date().toISOString(),
              recordingType: 'damage',
              type: 'wireBreak',
              damageCount: 1,
            },
          },
        },
      });
      expect(created.status).toBe(200);

      // The embedded server evaluates the rules inline, within about a second.
      await expect
        .poll(
          async () => {
            const list = await pageApi<{ notifications: { type: string }[] }>(
              page,
              `/installations/${rope.installation.id}/notifications?limit=10`,
            );
            return list.body.notifications.some((notification) => notification.type === 'damage');
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(true);
      await page.reload();
      const table = page.getByRole('table', { name: enNotifications.table.title });
      await table.getByRole('cell', { name: enEnums.recordingTypes.damage, exact: true }).first().waitFor();
      await table.getByRole('link', { name: rope.name, exact: true }).first().waitFor();
      expect(await page.getByText(enNotifications.table.empty).count()).toBe(0);
      await page
        .getByRole('button', { name: enNotifications.status.ropeTitle.replace('{{name}}', rope.name) })
        .first()
        .waitFor();
      await keepScreenshot(page, 'installation-notifications', { fullPage: true });

      await page.goto(`${demo.server().url}/dashboard`);
      await page.getByRole('heading', { name: enShell.nav.dashboard }).waitFor();
      const events = page.getByRole('table', { name: enEvents.table.title });
      await events.getByRole('row').nth(1).waitFor();
      await page.getByRole('table', { name: enDashboard.ropes.title }).getByRole('row').nth(1).waitFor();
      await page.waitForLoadState('networkidle');
      await keepScreenshot(page, 'dashboard', { fullPage: true });
      expect(errors).toEqual([]);
    });
  },
);
