import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAuth from '../../apps/web/src/i18n/locales/en-US/auth.json';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enEnums from '../../apps/web/src/i18n/locales/en-US/enums.json';
import enSettings from '../../apps/web/src/i18n/locales/en-US/settings.json';
import enShell from '../../apps/web/src/i18n/locales/en-US/shell.json';
import enUsers from '../../apps/web/src/i18n/locales/en-US/users.json';
import { browserMissing, keepScreenshot, launchBrowser, onNetworkName } from './browser.ts';
import { DEMO_PASSWORD } from './demo-session.ts';
import { type RunningServer, repoRoot, startServer } from './server.ts';
import { ENGLISH_ADMIN_IN_UTC, newWorldContext, textInAnyLanguage } from './world.ts';

const TOTP_STEP_MS = 30_000;

// The TOTP library the API itself uses, so the test computes codes the way an authenticator app does.
const { generateSync } = createRequire(join(repoRoot, 'apps/api/package.json'))('otplib') as {
  generateSync(options: { secret: string }): string;
};

// The web client's own translations, so the test follows the language the user sees.
const en = { auth: enAuth, common: enCommon, enums: enEnums, shell: enShell, settings: enSettings, users: enUsers };
type Texts = typeof en;

function texts(language: string): Texts {
  const read = (feature: string) =>
    JSON.parse(readFileSync(join(repoRoot, 'apps/web/src/i18n/locales', language, `${feature}.json`), 'utf8'));
  return {
    auth: read('auth'),
    common: read('common'),
    enums: read('enums'),
    shell: read('shell'),
    settings: read('settings'),
    users: read('users'),
  };
}
const de = texts('de-DE');

async function acceptCookies(page: Page, t: Texts) {
  await page.getByRole('dialog', { name: t.auth.cookies.title }).getByRole('button').click();
}

async function signIn(page: Page, t: Texts, username: string, password: string) {
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: t.auth.login.submit, exact: true }).click();
}

function navigation(page: Page, t: Texts) {
  return page.getByRole('navigation', { name: t.shell.nav.label });
}

/** The newest mail to `to` in the embedded server's outbox, with quoted-printable soft breaks undone. */
async function waitForMail(outbox: string, to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((file) => file.endsWith('.eml')) : [];
    const mails = files
      .sort()
      .reverse()
      .map((file) => readFileSync(join(outbox, file), 'utf8'))
      .filter((mail) => mail.includes(`To: ${to}`));
    if (mails[0]) return mails[0].replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} in ${outbox}`);
}

/** A TOTP step after the given one: the API refuses a code that was used once already. */
async function codeAfterStep(secret: string, usedStep: number): Promise<string> {
  const wait = (usedStep + 1) * TOTP_STEP_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 500));
  return generateSync({ secret });
}

describe.skipIf(Boolean(browserMissing))(
  `sign-in, two-factor and password reset in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    let server: RunningServer;
    let browser: Browser;
    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
    });
    afterAll(async () => {
      await browser?.close();
      const code = await server?.stop();
      expect(code).toBe(0);
    });

    async function newPage(viewport = { width: 1280, height: 800 }) {
      const context = await newWorldContext(browser, { world: ENGLISH_ADMIN_IN_UTC, ...viewport });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { page, errors };
    }

    it('sends a signed-out visitor to the login screen and back to the page asked for', async () => {
      const { page, errors } = await newPage();
      await page.goto(`${server.url}/users`);
      await page.waitForURL(/\/login\?next=%2Fusers$/);
      await acceptCookies(page, en);
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toMatch(/^\d{4}-\d\d-\d\dT/);

      await signIn(page, en, 'admin@example.com', 'not-the-password-1');
      await page.getByRole('alert').getByText(en.auth.messages.invalidCredentials).waitFor();

      await signIn(page, en, 'admin@example.com', DEMO_PASSWORD);
      await page.waitForURL(/\/users$/);
      await navigation(page, en).getByRole('link', { name: en.shell.nav.users }).waitFor();
      await navigation(page, en).getByRole('link', { name: en.common.fields.mandators }).waitFor();
      await keepScreenshot(page, 'shell-admin');

      // The notice stays accepted, and the session survives a reload.
      await page.reload();
      await navigation(page, en).getByRole('link', { name: en.shell.nav.users }).waitFor();
      expect(await page.getByRole('dialog', { name: en.auth.cookies.title }).count()).toBe(0);

      await page.getByRole('button', { name: en.shell.header.logout }).click();
      await page.waitForURL(/\/login$/);
      await page.goto(`${server.url}/users`);
      await page.waitForURL(/\/login\?next=/);
      expect(errors).toEqual([]);
    });

    it('enables the authenticator, then asks for its code at the next sign-in', async () => {
      const { page, errors } = await newPage();
      await page.goto(`${server.url}/login`);
      await acceptCookies(page, en);
      await signIn(page, en, 'client@example.com', DEMO_PASSWORD);
      // Laura Biner's account is in German: the interface follows it.
      await page.getByRole('button', { name: de.settings.title }).click();
      const dialog = page.getByRole('dialog', { name: de.settings.title });
      await dialog.getByLabel(de.enums.twoFactorMethods.authenticator).check();
      const secret = (await dialog.getByTestId('totp-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
      await expect
        .poll(() =>
          dialog
            .getByRole('img', { name: de.settings.twoFactor.qrAlt })
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);

      const code = dialog.locator('input[autocomplete="one-time-code"]');
      const wrong = generateSync({ secret }) === '000000' ? '111111' : '000000';
      await code.fill(wrong);
      await dialog.getByRole('button', { name: de.common.actions.save }).click();
      await dialog.getByRole('alert').getByText(de.auth.messages.incorrectCode).waitFor();

      const usedStep = Math.floor(Date.now() / TOTP_STEP_MS);
      await code.fill(generateSync({ secret }));
      await dialog.getByRole('button', { name: de.common.actions.save }).click();
      await page.getByText(de.settings.saved).waitFor();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: de.shell.header.logout }).click();
      await page.waitForURL(/\/login$/);
      await signIn(page, de, 'client@example.com', DEMO_PASSWORD);
      await page.getByRole('heading', { name: de.common.fields.twoFactor }).waitFor();
      await page.getByText(de.auth.twoFactor.authenticatorText).waitFor();
      await keepScreenshot(page, 'login-2fa-de');
      await page.locator('input[autocomplete="one-time-code"]').fill(await codeAfterStep(secret, usedStep));
      await page.getByRole('button', { name: de.auth.twoFactor.submit }).click();
      // The start path may already have moved on to the client's first screen: wait for leaving the sign-in.
      await page.waitForURL((address) => !address.pathname.startsWith('/login'));
      await page.getByRole('button', { name: de.shell.header.logout }).waitFor();
      expect(errors).toEqual([]);
    }, 180_000);

    it('resets a password through the mailed link and signs in with the new one', async () => {
      const { page, errors } = await newPage();
      await page.goto(`${server.url}/login`);
      await acceptCookies(page, en);
      await page.getByRole('button', { name: en.auth.login.forgotPassword }).click();
      await page.getByRole('textbox', { name: en.common.fields.email }).fill('free@example.com');
      await page.getByRole('button', { name: en.auth.forgot.submit }).click();
      await page.getByRole('heading', { name: en.auth.mailSent.resetTitle }).waitFor();
      await page.getByText(en.auth.messages.resetRequested).waitFor();

      const mail = await waitForMail(join(server.dataDir, 'outbox'), 'free@example.com');
      const path = mail.match(/\/login\/reset\/[A-Za-z0-9]+/)?.[0];
      expect(path).toBeDefined();
      await page.goto(`${server.url}${path}`);
      const password = page.locator('input[autocomplete="new-password"]');
      await password.fill('short1');
      await page.getByRole('button', { name: en.auth.reset.submit }).click();
      await page.getByText('Password must be at least 8 characters').waitFor();
      await password.fill('Steel-rope-2031');
      await page.getByRole('button', { name: en.auth.reset.submit }).click();
      const success = page.getByRole('dialog', { name: en.auth.resetSuccess.title });
      await success.getByRole('button', { name: en.auth.login.submit }).click();
      await page.waitForURL(/\/login$/);

      await signIn(page, en, 'free@example.com', 'Steel-rope-2031');
      await page.getByRole('button', { name: en.shell.header.logout }).waitFor();
      // Free users see the contact link in the footer.
      await page.getByRole('link', { name: en.common.contact }).waitFor();

      // The link works once, and says so at once when opened again.
      const again = await newPage();
      await again.page.goto(`${server.url}${path}`);
      await acceptCookies(again.page, en);
      await again.page.getByRole('heading', { name: en.auth.invalidLink.resetTitle }).waitFor();
      expect(await again.page.locator('input[autocomplete="new-password"]').count()).toBe(0);
      expect([...errors, ...again.errors]).toEqual([]);
    });

    it('shows the login screen in English and German', async () => {
      const { page, errors } = await newPage();
      await page.goto(`${server.url}/login`);
      await acceptCookies(page, en);
      await page.getByRole('heading', { name: en.auth.login.title }).waitFor();
      await page.getByRole('heading', { name: en.auth.provider.title }).waitFor();
      await keepScreenshot(page, 'login-en');
      await page.getByText('DE', { exact: true }).click();
      await page.getByRole('heading', { name: de.auth.login.title }).waitFor();
      await page.getByRole('heading', { name: de.auth.provider.title }).waitFor();
      await keepScreenshot(page, 'login-de');
      // A token that is not alphanumeric is ignored: the normal login shows.
      await page.goto(`${server.url}/login/reset/not-a-token!`);
      await page.getByRole('heading', { name: de.auth.login.title }).waitFor();
      expect(errors).toEqual([]);
    });

    it('signs in over plain HTTP at a name on the network, and says so where the browser cannot keep the session', async () => {
      // As on a LAN or with the compose file: not localhost, no TLS, the server run as npm start runs it (production).
      const context = await newWorldContext(browser);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${onNetworkName(server.url)}/login`);
      await acceptCookies(page, de);
      // The project manager: the client has an authenticator by now (the test above).
      const mainNavigation = page.getByRole('navigation', { name: textInAnyLanguage('shell:nav.label') });
      await signIn(page, de, 'pm@example.com', DEMO_PASSWORD);
      await mainNavigation.waitFor();
      const [cookie] = (await context.cookies()).filter((each) => each.name === 'rc_session');
      expect(cookie?.secure).toBe(false);
      await page.reload();
      await mainNavigation.waitFor();
      await context.close();

      // A site set up for HTTPS (PUBLIC_URL) but opened over plain HTTP: the browser drops the Secure cookie.
      const httpsSite = await startServer({ DEMO_DATA: 'true', PUBLIC_URL: 'https://cockpit.example.com' });
      try {
        const dropped = await newWorldContext(browser);
        const droppedPage = await dropped.newPage();
        droppedPage.on('pageerror', (error) => errors.push(error.message));
        await droppedPage.goto(`${onNetworkName(httpsSite.url)}/login`);
        await acceptCookies(droppedPage, de);
        await signIn(droppedPage, de, 'pm@example.com', DEMO_PASSWORD);
        await droppedPage.getByRole('alert').getByText(de.auth.login.sessionNotKept).waitFor();
        await keepScreenshot(droppedPage, 'login-session-not-kept-de');
        expect(await droppedPage.getByRole('heading', { level: 1, name: de.auth.login.title }).count()).toBe(1);
        await dropped.close();
      } finally {
        expect(await httpsSite.stop()).toBe(0);
      }
      expect(errors).toEqual([]);
    });
  },
);
