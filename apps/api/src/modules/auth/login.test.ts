import { mandators, users } from '@rope/db/schema/index';
import { message } from '@rope/domain/message';
import { englishText } from '@rope/domain/message-keys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, checkLogin, postLogin, queuedMails, sessionCount } from '../../../test/support/auth.ts';
import { seedArea, seedMandator, seedUser, TEST_PASSWORD } from '../../../test/support/factories.ts';
import { sessionCookieOf } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

describe('POST /api/login/json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs a client in with a session cookie and answers the session user', async () => {
    const mandator = await seedMandator(t.ctx.db, 'Bergbahnen Nord');
    const area = await seedArea(t.ctx.db, mandator.id);
    const user = await seedUser(t.ctx.db, { mandatorIds: [mandator.id], email: 'Anna.Client@test.example' });
    const response = await postLogin(t.app, 'anna.client@TEST.example');
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'rc_session')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(response.json()).toEqual({
      twoFactorComplete: true,
      user: {
        id: user.id,
        name: 'Test User',
        email: 'Anna.Client@test.example',
        roles: ['ROLE_USER'],
        mainRole: 'ROLE_USER',
        isAdmin: false,
        isFreeUser: false,
        permissions: ['AREA_PAGE', 'DASHBOARD', 'DOCUMENT', 'GLOBAL_SEARCH', 'DOMAIN_READ', 'DOMAIN_WRITE'],
        mandators: [{ id: mandator.id, name: 'Bergbahnen Nord' }],
        languageId: 'DES',
        twoFactorMethod: null,
        pictureUri: null,
        isSingleArea: true,
        singleAreaId: area.id,
        isLive: false,
        hasImpersonate: false,
      },
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt).toBeInstanceOf(Date);
    expect(await auditActions(t.ctx.db, user.id)).toContain('login');
  });

  it('is not single-area when the user sees two areas, or none', async () => {
    const mandator = await seedMandator(t.ctx.db);
    const user = await seedUser(t.ctx.db, { mandatorIds: [mandator.id] });
    let answer = (await postLogin(t.app, user.email)).json();
    expect(answer.user).toMatchObject({ isSingleArea: false, singleAreaId: null });
    await seedArea(t.ctx.db, mandator.id);
    await seedArea(t.ctx.db, mandator.id);
    answer = (await postLogin(t.app, user.email)).json();
    expect(answer.user).toMatchObject({ isSingleArea: false, singleAreaId: null });
  });

  it('gives a project manager impersonation and every permission can() grants', async () => {
    const pm = await seedUser(t.ctx.db, { roles: ['ROLE_PROJECT_MANAGER'] });
    const answer = (await postLogin(t.app, pm.email)).json();
    expect(answer.user.hasImpersonate).toBe(true);
    expect(answer.user.permissions).toContain('IMPERSONATE_USER');
    expect(answer.user.permissions).not.toContain('USER_EDIT_ANY');
    const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
    const adminAnswer = (await postLogin(t.app, admin.email)).json();
    expect(adminAnswer.user).toMatchObject({ isAdmin: true, hasImpersonate: true });
    expect(adminAnswer.user.permissions).toContain('USER_EDIT_ANY');
  });

  it('refuses a wrong password, an unknown account, an inactive one and SSO accounts alike', async () => {
    const user = await seedUser(t.ctx.db);
    const inactive = await seedUser(t.ctx.db, { isActive: false });
    const saml = await seedUser(t.ctx.db);
    await t.ctx.db.update(users).set({ loginMethod: 'saml' }).where(eq(users.id, saml.id));
    const api = await seedUser(t.ctx.db, { roles: ['ROLE_API_INTERNAL'] });
    const attempts = [
      [user.email, 'wrong-password-1'],
      ['nobody@test.example', TEST_PASSWORD],
      [inactive.email, TEST_PASSWORD],
      [saml.email, TEST_PASSWORD],
      [api.email, TEST_PASSWORD],
    ] as const;
    for (const [username, password] of attempts) {
      const response = await postLogin(t.app, username, password, { ip: '10.9.0.1' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Invalid username or password',
        key: 'auth.messages.invalidCredentials',
      });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
    // An empty password asks for a sign-in link instead: the neutral answer, no session (passwordless.test.ts).
    const empty = await postLogin(t.app, user.email, '', { ip: '10.9.0.1' });
    expect(empty.json()).toEqual({ twoFactorComplete: false, loginLinkSent: true });
    for (const id of [user.id, inactive.id, saml.id, api.id]) expect(await sessionCount(t.ctx.db, id)).toBe(0);
    expect(await auditActions(t.ctx.db, user.id)).toEqual(['login.failed']);
  });

  it('renews the session at login: a new cookie value, the old session ends', async () => {
    const user = await seedUser(t.ctx.db);
    const first = sessionCookieOf(await postLogin(t.app, user.email))!;
    const second = sessionCookieOf(await postLogin(t.app, user.email, TEST_PASSWORD, { cookie: first }))!;
    expect(second).not.toBe(first);
    expect((await checkLogin(t.app, first)).statusCode).toBe(401);
    expect((await checkLogin(t.app, second)).statusCode).toBe(200);
    expect(await sessionCount(t.ctx.db, user.id)).toBe(1);
  });

  it('starts a read-only live session on request', async () => {
    const user = await seedUser(t.ctx.db);
    const response = await postLogin(t.app, user.email, TEST_PASSWORD, { live: true });
    expect(response.json().user.isLive).toBe(true);
  });

  it('answers an expired password with passwordExpired and mails a renewal link', async () => {
    const mandator = await seedMandator(t.ctx.db);
    await t.ctx.db
      .update(mandators)
      .set({ settings: { passwordExpiryDays: 90 } })
      .where(eq(mandators.id, mandator.id));
    const user = await seedUser(t.ctx.db, { mandatorIds: [mandator.id] });
    expect((await postLogin(t.app, user.email)).statusCode).toBe(200);
    await t.ctx.db
      .update(users)
      .set({ passwordChangedAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(eq(users.id, user.id));
    const response = await postLogin(t.app, user.email);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Your password has expired. We have sent you a password renewal link to your email address.',
      key: 'auth.messages.passwordExpired',
      passwordExpired: true,
    });
    expect(response.json().message).toBe(englishText(message('auth.messages.passwordExpired')));
    expect(sessionCookieOf(response)).toBeUndefined();
    const mails = (await queuedMails(t.ctx.db)).filter((mail) => mail.to === user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.link).toMatch(/^http:\/\/localhost:3000\/login\/reset\/[A-Za-z0-9]{32}$/);
    expect(mails[0]!.text).toContain(mails[0]!.link);
    // A wrong password still gets the plain answer: expiry is only told to whoever knows the password.
    const wrong = await postLogin(t.app, user.email, 'not-the-password-9');
    expect(wrong.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Invalid username or password',
      key: 'auth.messages.invalidCredentials',
    });
  });

  it('keeps passwords of unlimited mandators valid however old', async () => {
    const mandator = await seedMandator(t.ctx.db);
    const user = await seedUser(t.ctx.db, { mandatorIds: [mandator.id] });
    await t.ctx.db
      .update(users)
      .set({ passwordChangedAt: new Date(2000, 0, 1) })
      .where(eq(users.id, user.id));
    expect((await postLogin(t.app, user.email)).statusCode).toBe(200);
  });

  it('signs in with password hashes the earlier argon2 package wrote, and writes new ones as argon2id', async () => {
    // Made by the `argon2` package (0.45) that hashed passwords until it was replaced by @node-rs/argon2: this
    // project's settings, and that package's defaults (64 MiB, three passes, four lanes) of older installations.
    const earlier = [
      [
        'Seilbahn-2019!',
        '$argon2id$v=19$m=19456,p=1,t=2$ss5UkSXnmZnzqrZ9MfMjSw$1h2wtVvJ5pkZ6Yh8Tk2fBBQFQcUpbcJihlaeTv8R/DQ',
      ],
      [
        'old default',
        '$argon2id$v=19$m=65536,p=4,t=3$SZhFKBumK8CGH3A4hPRfAw$0aB6Sl57JVrnsI25+l5DhNW4tco6ygS+B2vh4xqa7vc',
      ],
    ] as const;
    const mandator = await seedMandator(t.ctx.db);
    for (const [password, passwordHash] of earlier) {
      const user = await seedUser(t.ctx.db, { mandatorIds: [mandator.id] });
      await t.ctx.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      expect((await postLogin(t.app, user.email, password)).statusCode).toBe(200);
      expect((await postLogin(t.app, user.email, `${password}x`)).statusCode).toBe(401);
    }
    const fresh = await seedUser(t.ctx.db, { mandatorIds: [mandator.id] });
    const [row] = await t.ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, fresh.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
