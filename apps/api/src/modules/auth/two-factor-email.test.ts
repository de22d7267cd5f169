import { sessions, users } from '@rope/db/schema/index';
import deMail from '@rope/web/locales/de-DE/mail.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLogin, postLogin, sendCode } from '../../../test/support/auth.ts';
import { seedUser, TEST_PASSWORD } from '../../../test/support/factories.ts';
import { sessionCookieOf, signInWithPassword } from '../../../test/support/sign-in.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

describe('second factor: code by email, delivered over SMTP', () => {
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

  async function pendingSignIn() {
    const user = await seedUser(t.ctx.db, { twoFactorMethod: 'email' });
    const response = await postLogin(t.app, user.email);
    const mail = await smtp.waitFor(user.email);
    const code = /Anmeldecode lautet (\d{6})/.exec(mail.text)?.[1];
    return { user, response, cookie: sessionCookieOf(response)!, mail, code: code! };
  }

  it('mails a 6-digit code at sign-in and keeps only its hash', async () => {
    const { user, response, mail, code, cookie } = await pendingSignIn();
    expect(response.json()).toEqual({ twoFactorComplete: false, twoFactorMethod: 'email' });
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(deMail.loginCode.subject.replace('{{code}}', code!));
    expect(mail.from).toBe('no-reply@localhost');
    const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.emailCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session!.emailCodeHash).not.toContain(code);
    const ttl = session!.emailCodeExpiresAt!.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    expect((await checkLogin(t.app, cookie)).json()).toEqual({ twoFactorComplete: false, twoFactorMethod: 'email' });
  });

  it('completes with the mailed code, once', async () => {
    const { user, code, cookie } = await pendingSignIn();
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await sendCode(t.app, cookie, wrong);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'RULE_VIOLATION',
      message: 'Incorrect authentication code',
      key: 'auth.messages.incorrectCode',
    });
    const done = await sendCode(t.app, cookie, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ twoFactorComplete: true, user: { id: user.id, twoFactorMethod: 'email' } });
    expect(sessionCookieOf(done)).not.toBe(cookie);

    // A new sign-in gets a new code; the used one does not open it.
    smtp.mails.length = 0;
    const again = sessionCookieOf(await postLogin(t.app, user.email))!;
    const second = /Anmeldecode lautet (\d{6})/.exec((await smtp.waitFor(user.email)).text)![1]!;
    if (second !== code) expect((await sendCode(t.app, again, code)).statusCode).toBe(422);
    expect((await sendCode(t.app, again, second)).statusCode).toBe(200);
  });

  it('refuses a code older than 10 minutes', async () => {
    const { user, code, cookie } = await pendingSignIn();
    await t.ctx.db
      .update(sessions)
      .set({ emailCodeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const response = await sendCode(t.app, cookie, code);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Incorrect authentication code');
  });

  it('does not accept a code from another pending sign-in', async () => {
    const first = await pendingSignIn();
    const second = await pendingSignIn();
    if (first.code !== second.code) expect((await sendCode(t.app, second.cookie, first.code)).statusCode).toBe(422);
  });

  it('switches to email codes, and off again only with the password', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/users/self/2fa', headers: { cookie }, payload });
    expect((await patch({ twoFactorMethod: 'email' })).json()).toEqual({ twoFactorMethod: 'email' });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.twoFactorMethod).toBe('email');
    expect((await postLogin(t.app, user.email)).json()).toEqual({ twoFactorComplete: false, twoFactorMethod: 'email' });
    await smtp.waitFor(user.email);
    const unproven = await patch({ twoFactorMethod: null });
    expect(unproven.statusCode).toBe(400);
    expect(unproven.json().fields).toHaveProperty('currentPassword');
    expect((await patch({ twoFactorMethod: null, currentPassword: 'not-the-password' })).statusCode).toBe(422);
    const [still] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(still!.twoFactorMethod).toBe('email');
    expect((await patch({ twoFactorMethod: null, currentPassword: TEST_PASSWORD })).json()).toEqual({
      twoFactorMethod: null,
    });
    expect((await postLogin(t.app, user.email)).json()).toMatchObject({ twoFactorComplete: true });
  });

  /** A complete session of a user with the email factor: signed in with the password (or none), then the code. */
  async function signedIn(user: { email: string }, password?: string) {
    smtp.mails.length = 0;
    const pending = sessionCookieOf(await postLogin(t.app, user.email, password))!;
    const code = /Anmeldecode lautet (\d{6})/.exec((await smtp.waitFor(user.email)).text)![1]!;
    return { cookie: sessionCookieOf(await sendCode(t.app, pending, code))!, signInCode: code };
  }

  it('turns email codes off for a person without a password with a code mailed on request, once', async () => {
    const user = await seedUser(t.ctx.db, { password: null, twoFactorMethod: 'email' });
    await t.ctx.db.update(users).set({ loginMethod: 'email' }).where(eq(users.id, user.id));
    const { cookie, signInCode } = await signedIn(user, '');
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/users/self/2fa', headers: { cookie }, payload });
    const askCode = () => t.app.inject({ method: 'POST', url: '/api/users/self/2fa/code', headers: { cookie } });

    expect((await patch({ twoFactorMethod: null })).statusCode).toBe(400);
    const asked = await askCode();
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      message: 'A code has been sent to your email address.',
      key: 'auth.messages.proofCodeSent',
    });
    const mail = await smtp.waitFor(user.email, (m) => m.subject.includes('Zwei-Faktor'));
    const code = /Zwei-Faktor-Authentifizierung lautet (\d{6})/.exec(mail.text)![1]!;
    // The sign-in code is used up; only the code mailed to this session proves the factor.
    if (signInCode !== code) {
      expect((await patch({ twoFactorMethod: null, currentCode: signInCode })).statusCode).toBe(422);
    }
    const [still] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(still!.twoFactorMethod).toBe('email');
    expect((await patch({ twoFactorMethod: null, currentCode: code })).json()).toEqual({ twoFactorMethod: null });
    const [off] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(off!.twoFactorMethod).toBeNull();

    // Once off there is no email factor to send a code of.
    const none = await askCode();
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('Codes by email are sent only while two-factor authentication uses email');
  });

  it('does not take a proof code mailed to another session, and uses each code once', async () => {
    const user = await seedUser(t.ctx.db, { twoFactorMethod: 'email' });
    const first = (await signedIn(user)).cookie;
    const second = (await signedIn(user)).cookie;
    smtp.mails.length = 0;
    await t.app.inject({ method: 'POST', url: '/api/users/self/2fa/code', headers: { cookie: first } });
    const code = /Zwei-Faktor-Authentifizierung lautet (\d{6})/.exec((await smtp.waitFor(user.email)).text)![1]!;
    const patchAs = (cookie: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/users/self/2fa',
        headers: { cookie },
        payload: { twoFactorMethod: null, currentCode: code },
      });
    expect((await patchAs(second)).statusCode).toBe(422);
    expect((await patchAs(first)).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ twoFactorMethod: 'email' }).where(eq(users.id, user.id));
    expect((await patchAs(first)).statusCode).toBe(422);
  });

  it('mails proof codes at most five times in fifteen minutes', async () => {
    const user = await seedUser(t.ctx.db, { twoFactorMethod: 'email' });
    const { cookie } = await signedIn(user);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/users/self/2fa/code', headers: { cookie } });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});
