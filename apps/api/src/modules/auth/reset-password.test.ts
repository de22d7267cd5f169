import { sessions, users, userTokens } from '@rope/db/schema/index';
import type { Message } from '@rope/domain/messages';
import deMail from '@rope/web/locales/de-DE/mail.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, checkLogin, postLogin, queuedMails } from '../../../test/support/auth.ts';
import { seedUser, TEST_PASSWORD } from '../../../test/support/factories.ts';
import { signInWithPassword } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { sha256 } from '../../infra/crypto.ts';

const NEUTRAL = {
  message: 'If an account matching your email exists, then an email was just sent...',
  key: 'auth.messages.resetRequested',
};
const FAILED = {
  code: 'VALIDATION',
  message: 'Password reset failed, possibly due to the token being expired or invalid',
  key: 'auth.messages.resetFailed',
};
const NEW_PASSWORD = 'new-secret-42';

describe('password reset and activation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://cockpit.example.com' });
  });
  afterAll(() => t.close());

  const request = (email: string, reason?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/reset-password${reason ? `?reason=${reason}` : ''}`,
      payload: { email },
    });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: `/api/reset-password/reset/${token}`, payload: { password } });
  async function mailsTo(email: string) {
    return (await queuedMails(t.ctx.db)).filter((mail) => mail.to === email);
  }
  async function tokenFor(email: string, reason?: string) {
    expect((await request(email, reason)).json()).toEqual(NEUTRAL);
    const mails = await mailsTo(email);
    return mails.at(-1)!.link!.split('/').at(-1)!;
  }

  it('answers the same neutral text for known, unknown and unsuitable addresses', async () => {
    const user = await seedUser(t.ctx.db);
    const inactive = await seedUser(t.ctx.db, { isActive: false });
    for (const [email, reason] of [
      [user.email, 'reset'],
      [user.email.toUpperCase(), undefined],
      ['nobody@test.example', 'reset'],
      ['nobody@test.example', 'activate'],
      [inactive.email, 'reset'],
      [user.email, 'activate'],
      ['not even an address', 'reset'],
    ] as const) {
      const response = await request(email, reason);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(NEUTRAL);
    }
    expect(await mailsTo(user.email)).toHaveLength(2);
    expect(await mailsTo(inactive.email)).toHaveLength(0);
    expect(await mailsTo('nobody@test.example')).toHaveLength(0);
  });

  it('mails a link with a 32-character alphanumeric token, stored only as its hash, valid 30 minutes', async () => {
    const user = await seedUser(t.ctx.db);
    const token = await tokenFor(user.email);
    const [mail] = await mailsTo(user.email);
    expect(mail!.link).toBe(`https://cockpit.example.com/login/reset/${token}`);
    // The default world's user reads German.
    expect(mail!.subject).toBe(deMail.reset.subject);
    expect(mail!.text).toContain(mail!.link);
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    const [row] = await t.ctx.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(row).toMatchObject({ kind: 'reset', tokenHash: sha256(token), usedAt: null });
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);
  });

  it('sets the new password once, ends all sessions, and the old password stops working', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    const token = await tokenFor(user.email);
    const response = await reset(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Your password has been set. You can now sign in with it.',
      key: 'auth.messages.resetDone',
    });
    expect((await checkLogin(t.app, cookie)).statusCode).toBe(401);
    expect((await postLogin(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await postLogin(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(Date.now() - row!.passwordChangedAt!.getTime()).toBeLessThan(60_000);
    expect(await auditActions(t.ctx.db, user.id)).toContain('user.password.reset');

    const again = await reset(token, 'another-secret-43');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(FAILED);
    expect((await postLogin(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('kills the other links of the account once one was used', async () => {
    const user = await seedUser(t.ctx.db);
    const first = await tokenFor(user.email);
    const second = await tokenFor(user.email);
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await reset(first, 'another-secret-43')).json()).toEqual(FAILED);
  });

  it('refuses expired, unknown and malformed tokens with 400', async () => {
    const user = await seedUser(t.ctx.db);
    const token = await tokenFor(user.email);
    await t.ctx.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, sha256(token)));
    for (const candidate of [token, 'A'.repeat(32), 'abc-def_ghi', 'token%20with%20space', 'x'.repeat(99)]) {
      const response = await reset(candidate, NEW_PASSWORD);
      expect(response.statusCode, candidate).toBe(400);
      expect(response.json(), candidate).toEqual(FAILED);
    }
    // Longer than the router takes a path parameter: refused as bad input, in the one error body.
    const tooLong = await reset('x'.repeat(300), NEW_PASSWORD);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION', key: 'app.errors.invalidInput' });
    expect((await postLogin(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('takes any alphanumeric token, a 6-character one too, and still refuses a 6-character one with a dash', async () => {
    const user = await seedUser(t.ctx.db);
    const short = 'aB3dE6';
    await t.ctx.db.insert(userTokens).values({
      userId: user.id,
      kind: 'reset',
      tokenHash: sha256(short),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const check = await t.app.inject({ method: 'GET', url: `/api/reset-password/reset/${short}` });
    expect(check.json()).toEqual({ valid: true });
    const refused = await reset('aB3-E6', NEW_PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(FAILED);
    const response = await reset(short, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect((await postLogin(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await reset(short, 'another-secret-45')).json()).toEqual(FAILED);
  });

  it('does nothing with an empty or weak password and keeps the token usable', async () => {
    const user = await seedUser(t.ctx.db);
    const token = await tokenFor(user.email);
    const cases: [string, string, Message][] = [
      ['', 'A value needs to be provided for the field', { key: 'validation.required' }],
      [
        ' leading-blank-1',
        "Your password can't start or end with a blank space",
        { key: 'validation.passwordBlankEdges' },
      ],
      ['short1', 'Password must be at least 8 characters', { key: 'validation.passwordMinLength', params: { min: 8 } }],
      [
        'onlyletters',
        'Password must contain letters and at least one digit or symbol',
        { key: 'validation.passwordWeak' },
      ],
      [
        `a1${'x'.repeat(49)}`,
        'Password must be at most 50 characters',
        { key: 'validation.passwordMaxLength', params: { max: 50 } },
      ],
    ];
    for (const [password, message, key] of cases) {
      const response = await reset(token, password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION',
        message,
        ...key,
        fields: { password: message },
        fieldKeys: { password: key },
      });
    }
    const [row] = await t.ctx.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256(token)));
    expect(row!.usedAt).toBeNull();
    expect((await postLogin(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('activates a never-used account with a 72-hour link that sets its first password', async () => {
    const user = await seedUser(t.ctx.db, { isActive: false, password: null });
    expect((await postLogin(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(401);
    const token = await tokenFor(user.email, 'activate');
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe(deMail.activation.subject);
    const [row] = await t.ctx.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(row!.kind).toBe('activate');
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(71 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(72 * 3_600_000);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
    const [active] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(active!.isActive).toBe(true);
    expect((await postLogin(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await auditActions(t.ctx.db, user.id)).toContain('user.password.activate');
  });

  it('does not let a deactivated account switch itself back on', async () => {
    const user = await seedUser(t.ctx.db);
    await signInWithPassword(t.app, user.email);
    const token = await tokenFor(user.email);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await reset(token, NEW_PASSWORD)).json()).toEqual(FAILED);
    expect((await request(user.email, 'activate')).json()).toEqual(NEUTRAL);
    expect(await mailsTo(user.email)).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isActive).toBe(false);
  });

  it('tells the reset page at once whether its link still works, without naming any account', async () => {
    const check = async (token: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/reset-password/reset/${token}` });
      expect(response.statusCode, token).toBe(200);
      return response.json().valid as boolean;
    };
    const user = await seedUser(t.ctx.db);
    const token = await tokenFor(user.email);
    expect(await check(token)).toBe(true);
    // Unknown, malformed, used, expired: the same answer, and checking changes nothing.
    for (const candidate of ['A'.repeat(32), 'abc-def_ghi', 'x'.repeat(99)]) expect(await check(candidate)).toBe(false);
    expect(await check(token)).toBe(true);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await check(token)).toBe(false);
    const expiring = await tokenFor(user.email);
    await t.ctx.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, sha256(expiring)));
    expect(await check(expiring)).toBe(false);
    // What the reset would refuse, the check calls invalid too: a deactivated account, a sign-in link's token.
    const other = await seedUser(t.ctx.db);
    const deactivated = await tokenFor(other.email);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, other.id));
    expect(await check(deactivated)).toBe(false);
    const signInToken = 'S'.repeat(32);
    await t.ctx.db.insert(userTokens).values({
      userId: user.id,
      kind: 'login',
      tokenHash: sha256(signInToken),
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await check(signInToken)).toBe(false);
    expect((await reset(signInToken, 'another-secret-44')).json()).toEqual(FAILED);
  });

  it('mails at most 5 links per address in 15 minutes, answering the same text', async () => {
    const user = await seedUser(t.ctx.db);
    for (let i = 0; i < 8; i++) expect((await request(user.email)).json()).toEqual(NEUTRAL);
    expect(await mailsTo(user.email)).toHaveLength(5);
  });

  it('does not hand out links for SSO or API accounts', async () => {
    const saml = await seedUser(t.ctx.db);
    await t.ctx.db.update(users).set({ loginMethod: 'saml' }).where(eq(users.id, saml.id));
    const api = await seedUser(t.ctx.db, { roles: ['ROLE_API_IMPORT'] });
    for (const email of [saml.email, api.email]) {
      expect((await request(email)).json()).toEqual(NEUTRAL);
      expect(await mailsTo(email)).toHaveLength(0);
    }
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, saml.id))).toEqual([]);
  });
});
