import { users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { generateSecret, generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLogin, postLogin, sendCode } from '../../../test/support/auth.ts';
import { seedUser } from '../../../test/support/factories.ts';
import { sessionCookieOf } from '../../../test/support/sign-in.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

describe('signing in without a password', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({}, { smtpUrl: smtp.url, processJobs: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function userWith(loginMethod: string, values: Parameters<typeof seedUser>[1] = {}) {
    const user = await seedUser(t.ctx.db, { password: null, ...values });
    await t.ctx.db.update(users).set({ loginMethod }).where(eq(users.id, user.id));
    return user;
  }

  it('mails a one-time link to a no-password client and opens a session with it, once', async () => {
    const user = await userWith('no-password');
    const asked = await postLogin(t.app, user.email, '');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ twoFactorComplete: false, loginLinkSent: true });
    expect(sessionCookieOf(asked)).toBeUndefined();
    const mail = await smtp.waitFor(user.email);
    const path = /\/api\/login\/link\/[A-Za-z0-9]+/.exec(mail.text)?.[0];
    expect(path).toBeDefined();
    const opened = await t.app.inject({ method: 'GET', url: path! });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/');
    const cookie = sessionCookieOf(opened)!;
    expect((await checkLogin(t.app, cookie)).json().user.email).toBe(user.email);
    const again = await t.app.inject({ method: 'GET', url: path! });
    expect(again.headers.location).toBe('/login?link=failed');
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it('answers the same neutral way for unknown and password accounts, and mails nothing', async () => {
    const passwordUser = await seedUser(t.ctx.db);
    for (const username of ['nobody@example.test', passwordUser.email]) {
      const response = await postLogin(t.app, username, '');
      expect(response.json()).toEqual({ twoFactorComplete: false, loginLinkSent: true });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter((mail) => mail.to.includes(passwordUser.email))).toEqual([]);
  });

  it('never mails a link to an admin whose record says no-password', async () => {
    const admin = await userWith('no-password', { roles: ['ROLE_ADMIN'] });
    expect((await postLogin(t.app, admin.email, '')).json()).toEqual({ twoFactorComplete: false, loginLinkSent: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter((mail) => mail.to.includes(admin.email))).toEqual([]);
  });

  it('signs in an email-method user with a mailed code instead of a password', async () => {
    const user = await userWith('email');
    const response = await postLogin(t.app, user.email, '');
    expect(response.json()).toEqual({ twoFactorComplete: false, twoFactorMethod: 'email' });
    const cookie = sessionCookieOf(response)!;
    expect((await checkLogin(t.app, cookie)).json()).toEqual({ twoFactorComplete: false, twoFactorMethod: 'email' });
    const code = /Anmeldecode lautet (\d{6})/.exec((await smtp.waitFor(user.email)).text)?.[1];
    const done = await sendCode(t.app, cookie, code!);
    expect(done.statusCode).toBe(200);
    expect(done.json().user.email).toBe(user.email);
  });

  it('signs in an authenticator-method user with a code of the app, and refuses a shared address for email codes', async () => {
    const secret = generateSecret();
    const user = await userWith('authenticator', { twoFactorSecret: secret });
    const response = await postLogin(t.app, user.email, '');
    expect(response.json()).toEqual({ twoFactorComplete: false, twoFactorMethod: 'authenticator' });
    const done = await sendCode(t.app, sessionCookieOf(response)!, generateSync({ secret }));
    expect(done.statusCode).toBe(200);
    const shared = await userWith('email', { email: `info+${Date.now()}@shared.test` });
    expect((await postLogin(t.app, shared.email, '')).json()).toEqual({
      twoFactorComplete: false,
      loginLinkSent: true,
    });
  });
});
