import { users } from '@rope/db/schema/index';
import { message } from '@rope/domain/message';
import { englishText } from '@rope/domain/message-keys';
import { eq } from 'drizzle-orm';
import { generateSecret, generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, checkLogin, postLogin, sendCode } from '../../../test/support/auth.ts';
import { seedUser } from '../../../test/support/factories.ts';
import { sessionCookieOf, signInWithPassword } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const STEP_MS = 30_000;
const codeAt = (secret: string, offsetSteps: number) =>
  generateSync({ secret, epoch: Math.floor((Date.now() + offsetSteps * STEP_MS) / 1000) });

/** Waits out the last 2 s of a time step, so a code and its check fall into the same step. */
async function awayFromStepEdge() {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 2000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('second factor: authenticator app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function pendingSignIn() {
    const secret = generateSecret({ length: 20 });
    const user = await seedUser(t.ctx.db, { twoFactorMethod: 'authenticator', twoFactorSecret: secret });
    const response = await postLogin(t.app, user.email);
    return { user, secret, response, cookie: sessionCookieOf(response)! };
  }

  it('leaves the sign-in pending after the password, with nothing but /login reachable', async () => {
    const { response, cookie } = await pendingSignIn();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ twoFactorComplete: false, twoFactorMethod: 'authenticator' });
    expect((await checkLogin(t.app, cookie)).json()).toEqual({
      twoFactorComplete: false,
      twoFactorMethod: 'authenticator',
    });
    const self = await t.app.inject({ method: 'GET', url: '/api/users/self/2fa', headers: { cookie } });
    expect(self.statusCode).toBe(401);
  });

  it('completes with a current code under a new session id', async () => {
    const { user, secret, cookie } = await pendingSignIn();
    const response = await sendCode(t.app, cookie, codeAt(secret, 0));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ twoFactorComplete: true, user: { id: user.id } });
    const renewed = sessionCookieOf(response)!;
    expect(renewed).not.toBe(cookie);
    expect((await checkLogin(t.app, cookie)).statusCode).toBe(401);
    expect((await checkLogin(t.app, renewed)).json()).toMatchObject({ twoFactorComplete: true });
    expect(await auditActions(t.ctx.db, user.id)).toEqual(['login.pending', 'login']);
  });

  it('refuses a wrong code with the spec text and keeps the sign-in pending', async () => {
    const { secret, cookie } = await pendingSignIn();
    const wrong = codeAt(secret, 0) === '000000' ? '000001' : '000000';
    for (const code of [wrong, '12345', 'abcdef', '', '1234567']) {
      const response = await sendCode(t.app, cookie, code);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 'RULE_VIOLATION',
        message: 'Incorrect authentication code',
        key: 'auth.messages.incorrectCode',
      });
    }
    expect((await checkLogin(t.app, cookie)).json()).toMatchObject({ twoFactorComplete: false });
  });

  it('accepts one step of clock drift either way, not two', async () => {
    await awayFromStepEdge();
    for (const offset of [-1, 1]) {
      const { secret, cookie } = await pendingSignIn();
      expect((await sendCode(t.app, cookie, codeAt(secret, offset))).statusCode, `offset ${offset}`).toBe(200);
    }
    for (const offset of [-2, 2, 10]) {
      const { secret, cookie } = await pendingSignIn();
      const code = codeAt(secret, offset);
      // Codes can repeat across steps; only a code that differs from every accepted one proves the point.
      if ([-1, 0, 1].some((near) => codeAt(secret, near) === code)) continue;
      expect((await sendCode(t.app, cookie, code)).statusCode, `offset ${offset}`).toBe(422);
    }
  });

  it('refuses a replayed code, and an older one once a newer step was used', async () => {
    const { user, secret, cookie } = await pendingSignIn();
    await awayFromStepEdge();
    const step = Math.floor(Date.now() / STEP_MS);
    const code = codeAt(secret, 0);
    expect((await sendCode(t.app, cookie, code)).statusCode).toBe(200);
    const second = sessionCookieOf(await postLogin(t.app, user.email))!;
    const replay = await sendCode(t.app, second, code);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toBe('Incorrect authentication code');
    const previous = codeAt(secret, -1);
    if (previous !== code) expect((await sendCode(t.app, second, previous)).statusCode).toBe(422);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.twoFactorLastStep).toBe(step);
    const next = codeAt(secret, 1);
    if (next !== code) expect((await sendCode(t.app, second, next)).statusCode).toBe(200);
  });

  it('throttles wrong codes: 429 with Retry-After after 5 failures', async () => {
    const { secret, cookie } = await pendingSignIn();
    const good = codeAt(secret, 0);
    const wrong = good === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) expect((await sendCode(t.app, cookie, wrong)).statusCode).toBe(422);
    const blocked = await sendCode(t.app, cookie, good);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 401 without a pending sign-in', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login/2fa', payload: { data: { authCode: '123456' } } }))
        .statusCode,
    ).toBe(401);
  });

  it('sets up the authenticator: secret, QR, a code to save, and that code cannot sign in again', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    const created = await t.app.inject({ method: 'POST', url: '/api/users/self/2fa/secret', headers: { cookie } });
    expect(created.statusCode).toBe(200);
    const { secret, otpauthUrl } = created.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Rope%20Cockpit:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Rope%20Cockpit`,
    );
    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/users/self/2fa/qr?secret=${secret}`,
      headers: { cookie },
    });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    for (const bad of ['not base32!', 'abc', 'A'.repeat(100), '']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/self/2fa/qr?secret=${encodeURIComponent(bad)}`,
        headers: { cookie },
      });
      expect(response.statusCode, bad).toBe(400);
    }

    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/users/self/2fa', headers: { cookie }, payload });
    const good = codeAt(secret, 0);
    const wrong = await patch({
      twoFactorMethod: 'authenticator',
      twoFactorSecret: secret,
      twoFactorAuthCode: good === '111111' ? '111112' : '111111',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Incorrect authentication code');
    expect((await patch({ twoFactorMethod: 'authenticator', twoFactorSecret: secret })).statusCode).toBe(422);
    const [unchanged] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged).toMatchObject({ twoFactorMethod: null, twoFactorSecret: null });

    const saved = await patch({ twoFactorMethod: 'authenticator', twoFactorSecret: secret, twoFactorAuthCode: good });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ twoFactorMethod: 'authenticator' });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/self/2fa', headers: { cookie } })).json()).toEqual({
      twoFactorMethod: 'authenticator',
    });
    expect(await auditActions(t.ctx.db, user.id)).toContain('user.two-factor');

    const pending = sessionCookieOf(await postLogin(t.app, user.email))!;
    expect((await sendCode(t.app, pending, good)).statusCode).toBe(422);

    // Off, or another method, needs proof: the password or a current code (here a later step's, not the used one).
    const unproven = await patch({ twoFactorMethod: null });
    expect(unproven.statusCode).toBe(400);
    expect(unproven.json().message).toBe(englishText(message('auth.messages.proofRequired')));
    expect((await patch({ twoFactorMethod: 'email' })).statusCode).toBe(400);
    expect((await patch({ twoFactorMethod: null, currentCode: good })).statusCode).toBe(422);
    const [kept] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(kept!.twoFactorMethod).toBe('authenticator');
    expect((await patch({ twoFactorMethod: null, currentCode: codeAt(secret, 1) })).json()).toEqual({
      twoFactorMethod: null,
    });
    const [off] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(off).toMatchObject({ twoFactorMethod: null, twoFactorSecret: null, twoFactorLastStep: null });
    expect((await postLogin(t.app, user.email)).json()).toMatchObject({ twoFactorComplete: true });
  });

  it('never answers the stored secret', async () => {
    const { secret, cookie } = await pendingSignIn();
    const done = await sendCode(t.app, cookie, codeAt(secret, 0));
    expect(done.body).not.toContain(secret);
    const check = await checkLogin(t.app, sessionCookieOf(done)!);
    expect(check.body).not.toContain(secret);
  });
});
