import { sessions, users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, checkLogin, postLogin } from '../../../test/support/auth.ts';
import { seedApiKey, seedUser, TEST_PASSWORD } from '../../../test/support/factories.ts';
import { captureLog } from '../../../test/support/log-capture.ts';
import { sessionCookieOf, signInWithPassword } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { sha256 } from '../../infra/crypto.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../session/session-store.ts';

const hashOf = (cookie: string) => sha256(cookie.slice('rc_session='.length));

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /login/check with the user for a session and 401 without one', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    const check = await checkLogin(t.app, cookie);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ twoFactorComplete: true, user: { id: user.id, email: user.email } });
    expect((await checkLogin(t.app)).statusCode).toBe(401);
    expect((await checkLogin(t.app, 'rc_session=not-a-session')).statusCode).toBe(401);
    expect((await checkLogin(t.app, `rc_session=${'A'.repeat(43)}`)).statusCode).toBe(401);
  });

  it('stores only the hash of the session id', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.idHash)).toEqual([hashOf(cookie)]);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(SESSION_ABSOLUTE_MS - 60_000);
  });

  it('ends the session at logout: 204, cookie cleared, the old cookie dead', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    const response = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = response.cookies.find((c) => c.name === 'rc_session')!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    expect((await checkLogin(t.app, cookie)).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await auditActions(t.ctx.db, user.id)).toEqual(['login', 'logout']);
    const again = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(again.statusCode).toBe(204);
  });

  it('ends a session idle for more than 30 minutes', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    const idHash = hashOf(cookie);
    await t.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS + 120_000) })
      .where(eq(sessions.idHash, idHash));
    expect((await checkLogin(t.app, cookie)).statusCode).toBe(200);
    // That request counted as activity.
    const [touched] = await t.ctx.db.select().from(sessions).where(eq(sessions.idHash, idHash));
    expect(Date.now() - touched!.lastSeenAt.getTime()).toBeLessThan(60_000);
    await t.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where(eq(sessions.idHash, idHash));
    expect((await checkLogin(t.app, cookie)).statusCode).toBe(401);
  });

  it('ends a session at its absolute end however active it is', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.idHash, hashOf(cookie)));
    expect((await checkLogin(t.app, cookie)).statusCode).toBe(401);
  });

  it('drops the session of a user who was deactivated', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await checkLogin(t.app, cookie)).statusCode).toBe(401);
  });

  it('lets a live session read but not write', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = sessionCookieOf(await postLogin(t.app, user.email, TEST_PASSWORD, { live: true }))!;
    const check = await checkLogin(t.app, cookie);
    expect(check.json().user.isLive).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/self/2fa', headers: { cookie } })).statusCode).toBe(
      200,
    );
    for (const [method, url] of [
      ['PATCH', '/api/users/self'],
      ['PATCH', '/api/users/self/2fa'],
      ['POST', '/api/users/self/2fa/secret'],
      ['POST', '/api/areas'],
      ['DELETE', '/api/users/1'],
      ['PUT', '/api/anything?x=/api/login/'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { cookie }, payload: { languageId: 'DES' } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'A live session can only read',
        key: 'app.errors.liveSessionReadOnly',
      });
    }
    // Signing in again (renewing) and out stay possible.
    const renewed = await postLogin(t.app, user.email, TEST_PASSWORD, { cookie });
    expect(renewed.statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: sessionCookieOf(renewed)! },
    });
    expect(logout.statusCode).toBe(204);
  });

  it('does not limit an ordinary session', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/self',
      headers: { cookie },
      payload: { languageId: 'DES' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers /login/check 401 for an API key: it is for people', async () => {
    const { key } = await seedApiKey(t.ctx.db, 'ROLE_API_INTERNAL');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/check',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the session cookie follows the scheme the browser uses (NODE_ENV=production, as npm start runs)', () => {
  const signIn = (t: TestApp, email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login/json',
      payload: { username: email, password: TEST_PASSWORD },
      headers,
    });
  const sessionCookie = (response: { cookies: { name: string; secure?: boolean }[] }) =>
    response.cookies.find((cookie) => cookie.name === 'rc_session');

  it('is not Secure over plain HTTP (a LAN name, the compose file), so the sign-in sticks there', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', TRUST_PROXY: 'false' });
    try {
      const user = await seedUser(t.ctx.db);
      const response = await signIn(t, user.email, { host: 'cockpit.test:4300' });
      expect(response.statusCode).toBe(200);
      expect(sessionCookie(response)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(sessionCookie(response)?.secure).toBeFalsy();
      expect((await checkLogin(t.app, sessionCookieOf(response))).statusCode).toBe(200);
      // Without TRUST_PROXY a client's X-Forwarded-Proto is only a claim: the cookie stays as the socket's scheme.
      const claimed = await signIn(t, user.email, { 'x-forwarded-proto': 'https' });
      expect(sessionCookie(claimed)?.secure).toBeFalsy();
    } finally {
      await t.close();
    }
  });

  it('is Secure over HTTPS seen through a trusted proxy, and whenever PUBLIC_URL is https', async () => {
    const { stream: logStream, lines, logged } = captureLog();
    const proxied = await createTestApp({ NODE_ENV: 'production', TRUST_PROXY: 'true' }, { logStream });
    const published = await createTestApp(
      { NODE_ENV: 'production', TRUST_PROXY: 'false', PUBLIC_URL: 'https://cockpit.example.com' },
      { logStream },
    );
    try {
      const user = await seedUser(proxied.ctx.db);
      const response = await signIn(proxied, user.email, { 'x-forwarded-proto': 'https' });
      expect(sessionCookie(response)).toMatchObject({ secure: true, httpOnly: true });
      expect(logged()).not.toContain('the session cookie is Secure');

      const other = await seedUser(published.ctx.db);
      for (let attempt = 0; attempt < 2; attempt++) {
        const unseenScheme = await signIn(published, other.email, { 'x-forwarded-proto': 'https' });
        expect(sessionCookie(unseenScheme)).toMatchObject({ secure: true });
      }
      // The proxy's scheme is not seen: said once, with what to set.
      const warnings = lines.filter((line) => line.includes('the session cookie is Secure'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('set TRUST_PROXY');
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, publicUrl: 'https://cockpit.example.com' });
    } finally {
      await proxied.close();
      await published.close();
    }
  });
});
