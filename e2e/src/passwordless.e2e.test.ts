import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAuth from '../../apps/web/src/i18n/locales/en-US/auth.json';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enEnums from '../../apps/web/src/i18n/locales/en-US/enums.json';
import enSettings from '../../apps/web/src/i18n/locales/en-US/settings.json';
import { browserMissing, keepScreenshot, launchBrowser } from './browser.ts';
import { waitForLandingScreen } from './demo-session.ts';
import { type RunningServer, startServer } from './server.ts';

const ADMIN = { email: 'first-admin@example.com', password: 'first-admin-pass-1' };
const CLIENT = 'link.client@example.com';

async function api(server: RunningServer, cookie: string, method: string, path: string, body?: object) {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const mailFiles = (dataDir: string) => {
  const outbox = join(dataDir, 'outbox');
  return existsSync(outbox) ? readdirSync(outbox).filter((file) => file.endsWith('.eml')) : [];
};

/**
 * The first match of `pattern` in the newest mail to `to` that has one, from the embedded server's outbox; mails
 * already there when the step began (`seen`) are passed over, so a slow mail job never hands back an older link.
 */
async function fromOutbox(dataDir: string, to: string, pattern: RegExp, seen: string[] = []): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = mailFiles(dataDir).filter((file) => !seen.includes(file));
    for (const file of files.sort().reverse()) {
      const mail = readFileSync(join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const found = pattern.exec(mail);
      if (mail.includes(`To: ${to}`) && found) return found[1] ?? found[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

const linkFromOutbox = (dataDir: string, to: string, seen: string[] = []) =>
  fromOutbox(dataDir, to, /https?:\/\/\S+\/api\/login\/link\/[A-Za-z0-9]+/, seen);

describe.skipIf(Boolean(browserMissing))(
  `signing in without a password${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    let server: RunningServer;
    let browser: Browser;
    beforeAll(async () => {
      [server, browser] = await Promise.all([
        startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
        launchBrowser(),
      ]);
      const login = await fetch(`${server.url}/api/login/json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
      });
      const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
      const { mandator } = await api(server, cookie, 'POST', '/mandators', { mandator: { name: 'Link mandator' } });
      await api(server, cookie, 'POST', '/users', {
        user: {
          email: CLIENT,
          role: 'ROLE_USER',
          mandators: [mandator.id],
          loginMethod: 'no-password',
          isActive: true,
        },
      });
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('mails a one-time link that opens the cockpit, and refuses it a second time', async () => {
      const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
      await page.goto(`${server.url}/login`);
      await page.getByRole('dialog', { name: enAuth.cookies.title }).getByRole('button').click();
      await page.locator('input[autocomplete="username"]').fill(CLIENT);
      await page.getByRole('button', { name: enAuth.login.withoutPassword }).click();
      await page.getByText(enAuth.login.linkSentTitle).waitFor();
      await keepScreenshot(page, 'login-link-sent');
      const link = (await linkFromOutbox(server.dataDir, CLIENT)).replace(/^https?:\/\/[^/]+/, server.url);
      await page.goto(link);
      await waitForLandingScreen(page);
      const session = await page.evaluate(() => fetch('/api/login/check', { method: 'POST' }).then((r) => r.json()));
      expect(session.user.email).toBe(CLIENT);
      const second = await browser.newPage();
      await second.goto(link);
      await second.getByText(enAuth.login.linkFailed).waitFor();
    });

    it('switches email codes on and, without a password, off again with a code mailed on request', async () => {
      const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const earlierMails = mailFiles(server.dataDir);
      await page.goto(`${server.url}/login`);
      await page.getByRole('dialog', { name: enAuth.cookies.title }).getByRole('button').click();
      await page.locator('input[autocomplete="username"]').fill(CLIENT);
      await page.getByRole('button', { name: enAuth.login.withoutPassword }).click();
      await page.getByText(enAuth.login.linkSentTitle).waitFor();
      const link = await linkFromOutbox(server.dataDir, CLIENT, earlierMails);
      await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
      await waitForLandingScreen(page);

      const openSettings = async () => {
        await page.getByRole('button', { name: enSettings.title }).click();
        return page.getByRole('dialog', { name: enSettings.title });
      };
      let dialog = await openSettings();
      await dialog.getByLabel(enEnums.twoFactorMethods.email).check();
      await dialog.getByRole('button', { name: enCommon.actions.save }).click();
      await dialog.waitFor({ state: 'detached' });

      dialog = await openSettings();
      // The app's signal that the dialog shows what was saved (its method loaded, the form drawn) before choosing.
      await dialog.locator('input[type="radio"][value="email"]:checked').waitFor();
      await dialog.getByLabel(enEnums.twoFactorMethods.none).click();
      const proof = dialog.getByLabel(enSettings.twoFactor.proofOrEmailCode);
      await proof.waitFor();
      const mailsBeforeCode = mailFiles(server.dataDir);
      await dialog.getByRole('button', { name: enSettings.twoFactor.sendCode }).click();
      await dialog.getByText(enAuth.messages.proofCodeSent).waitFor();
      // The code ends the mail's first paragraph, in whatever language the person reads their mails.
      const code = await fromOutbox(server.dataDir, CLIENT, /\s(\d{6})\r?\n\r?\n/, mailsBeforeCode);
      await proof.fill(code);
      await keepScreenshot(page, 'two-factor-off-by-mailed-code');
      await dialog.getByRole('button', { name: enCommon.actions.save }).click();
      await dialog.waitFor({ state: 'detached' });
      const saved = await page.evaluate(() => fetch('/api/users/self/2fa').then((r) => r.json()));
      expect(saved).toEqual({ twoFactorMethod: null });
      expect(errors).toEqual([]);
    }, 120_000);
  },
);
