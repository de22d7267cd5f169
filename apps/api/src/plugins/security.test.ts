import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApiKey, seedUser } from '../../test/support/factories.ts';
import { signIn } from '../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

const HOST = 'cockpit.example.com';

describe('HSTS', () => {
  let trusted: TestApp;
  let untrusted: TestApp;
  beforeAll(async () => {
    [trusted, untrusted] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: 'false' })]);
  });
  afterAll(() => Promise.all([trusted.close(), untrusted.close()]));

  it('is sent over HTTPS seen through a trusted proxy, on API answers, the app and errors alike', async () => {
    for (const url of ['/api/health', '/api/nope', '/areas']) {
      const response = await trusted.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('is never sent over plain HTTP', async () => {
    const direct = await trusted.app.inject({ method: 'GET', url: '/api/health' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const forwarded = await trusted.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(forwarded.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent when an untrusted client claims HTTPS in X-Forwarded-Proto', async () => {
    const response = await untrusted.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the content security policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lets the web client's own service worker and manifest load, from this origin only", async () => {
    for (const url of ['/', '/areas', '/api/health']) {
      const policy = (await t.app.inject({ method: 'GET', url })).headers['content-security-policy'];
      const directives = String(policy).split(/;\s*/);
      expect(directives, url).toContain("worker-src 'self'");
      expect(directives, url).toContain("manifest-src 'self'");
    }
  });
});

describe('the cross-site check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // POST /api/login/check changes nothing but passes the same check as every write: 401 without a session.
  const write = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/login/check', headers: { host: HOST, ...headers } });

  it('lets the page itself write, over HTTP and over HTTPS', async () => {
    expect((await write({ origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(401);
    expect((await write({ origin: `https://${HOST}`, 'x-forwarded-proto': 'https' })).statusCode).toBe(401);
    expect((await write({})).statusCode).toBe(401);
  });

  it.each([
    ['Origin: null', { origin: 'null' }],
    ['Origin of a sandboxed or data: page', { origin: 'null', 'sec-fetch-site': 'same-origin' }],
    ['an unparsable Origin', { origin: 'not a url' }],
    ['the same host over HTTP writing to HTTPS', { origin: `http://${HOST}`, 'x-forwarded-proto': 'https' }],
    ['the same host over HTTPS writing to HTTP', { origin: `https://${HOST}` }],
    ['the same host on another port', { origin: `http://${HOST}:8080` }],
    ['another site', { origin: 'https://evil.example' }],
    ['a sibling subdomain', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a write with %s', async (_name, headers) => {
    const response = await write(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('names TRUST_PROXY when only the scheme differs, the usual cause behind a TLS proxy', async () => {
    const response = await write({ origin: `https://${HOST}` });
    expect(response.json().message).toContain('TRUST_PROXY');
  });

  it('lets API keys write from anywhere: they are never sent by a browser on its own', async () => {
    const key = await seedApiKey(t.ctx.db, 'ROLE_API_INTERNAL');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/check',
      headers: { host: HOST, origin: 'null', authorization: `Bearer ${key.key}` },
    });
    expect(response.statusCode).not.toBe(403);
  });

  describe('GET /api/logout', () => {
    const logout = (cookie: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/logout', headers: { host: HOST, cookie, ...headers } });
    const signedIn = async (cookie: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/login/check', headers: { host: HOST, cookie } })).statusCode ===
      200;

    it.each([
      ['a link on another site', { 'sec-fetch-site': 'cross-site' }],
      ['a sibling subdomain', { 'sec-fetch-site': 'same-site' }],
      ['another site, seen by its Referer', { referer: 'https://evil.example/page' }],
      ['another site, seen by its Origin', { origin: 'https://evil.example' }],
      ['Origin: null', { origin: 'null' }],
    ])('from %s is refused and the session lives on', async (_name, headers) => {
      const cookie = await signIn(t.ctx, await seedUser(t.ctx.db));
      const response = await logout(cookie, headers);
      expect(response.statusCode).toBe(403);
      expect(await signedIn(cookie)).toBe(true);
    });

    it.each([
      ['the page itself', { 'sec-fetch-site': 'same-origin' }],
      ['the address bar', { 'sec-fetch-site': 'none' }],
      ['a client sending no site headers', {}],
    ])('from %s ends the session', async (_name, headers) => {
      const cookie = await signIn(t.ctx, await seedUser(t.ctx.db));
      expect((await logout(cookie, headers)).statusCode).toBe(204);
      expect(await signedIn(cookie)).toBe(false);
    });
  });
});
