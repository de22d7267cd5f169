import { generateKeyPairSync } from 'node:crypto';
import { auditLog, sessions, users } from '@rope/db/schema/index';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMandator, seedUser } from '../../../test/support/factories.ts';
import { type AssertionOptions, acsForm, TEST_SAML_ENV } from '../../../test/support/saml-idp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let mandatorId: number;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp(TEST_SAML_ENV);
  mandatorId = (await seedMandator(t.ctx.db)).id;
});
afterAll(() => t?.close());

async function samlUser(domain: string, values: { samlProvider?: string; isActive?: boolean } = {}) {
  sequence += 1;
  const user = await seedUser(t.ctx.db, {
    email: `Rope.User${sequence}@${domain}`,
    mandatorIds: [mandatorId],
    password: null,
    isActive: values.isActive ?? true,
  });
  await t.ctx.db
    .update(users)
    .set({ loginMethod: 'saml', samlProvider: values.samlProvider ?? null })
    .where(eq(users.id, user.id));
  return user;
}

function postAcs(options: AssertionOptions, relayState?: string, accept?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/saml/acs/${options.providerId ?? 'alpine'}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(accept ? { accept } : {}) },
    payload: acsForm(options, relayState),
  });
}

async function lastAudit() {
  const [row] = await t.ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row!;
}

async function expectRefused(options: AssertionOptions, reason: string) {
  const response = await postAcs(options, '/areas');
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe('/login?sso=failed');
  expect(response.cookies.find((cookie) => cookie.name === 'rc_session')).toBeUndefined();
  expect(await lastAudit()).toMatchObject({ action: 'login.saml.failed', details: { reason } });
}

describe('POST /api/saml/acs/:id', () => {
  it('signs in the user named by a signed assertion and returns to the RelayState path', async () => {
    const user = await samlUser('alpine.test');
    const response = await postAcs({ email: user.email.toLowerCase() }, '/areas/1/installations/2');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/areas/1/installations/2');
    const cookie = response.cookies.find((c) => c.name === 'rc_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.twoFactorComplete).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: 'login.saml',
      actorUserId: user.id,
      details: { provider: 'alpine' },
    });

    const check = await t.app.inject({
      method: 'POST',
      url: '/api/login/check',
      headers: { cookie: `rc_session=${cookie!.value}` },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().user).toMatchObject({ id: user.id, email: user.email });
  });

  it('lets the provider assigned to a user sign them in whatever their domain', async () => {
    const user = await samlUser('elsewhere.test', { samlProvider: 'valley' });
    const response = await postAcs({ email: user.email, providerId: 'valley' });
    expect(response.headers.location).toBe('/');
    expect(response.cookies.find((c) => c.name === 'rc_session')).toBeDefined();
  });

  it('refuses an unsigned assertion', async () => {
    const user = await samlUser('alpine.test');
    await expectRefused({ email: user.email, signingKey: null }, 'invalid-response');
  });

  it('refuses an assertion signed by another key', async () => {
    const user = await samlUser('alpine.test');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expectRefused({ email: user.email, signingKey: otherKey }, 'invalid-response');
  });

  it('refuses an assertion changed after signing', async () => {
    const victim = await samlUser('alpine.test');
    const attacker = await samlUser('alpine.test');
    const tamper = (xml: string) => xml.replace(attacker.email, victim.email);
    await expectRefused({ email: attacker.email, tamper }, 'invalid-response');
  });

  it("refuses provider A's assertion for a user of provider B's domain", async () => {
    const user = await samlUser('valley.test');
    await expectRefused({ email: user.email, providerId: 'alpine' }, 'wrong-provider');
  });

  it('refuses a user whose record names another provider', async () => {
    const user = await samlUser('alpine.test', { samlProvider: 'valley' });
    await expectRefused({ email: user.email, providerId: 'alpine' }, 'wrong-provider');
  });

  it('refuses an expired assertion', async () => {
    const user = await samlUser('alpine.test');
    const now = Date.now();
    const window = { notBefore: new Date(now - 10 * 60_000), notOnOrAfter: new Date(now - 60_000) };
    await expectRefused({ email: user.email, ...window }, 'invalid-response');
  });

  it('refuses an assertion that is not valid yet', async () => {
    const user = await samlUser('alpine.test');
    const now = Date.now();
    const window = { notBefore: new Date(now + 60_000), notOnOrAfter: new Date(now + 10 * 60_000) };
    await expectRefused({ email: user.email, ...window }, 'invalid-response');
  });

  it('refuses an assertion without a validity period', async () => {
    const user = await samlUser('alpine.test');
    await expectRefused({ email: user.email, timeless: true }, 'no-expiry');
  });

  it('refuses an assertion meant for another service provider', async () => {
    const user = await samlUser('alpine.test');
    await expectRefused({ email: user.email, audience: 'https://other-sp.test/metadata' }, 'invalid-response');
  });

  it('refuses an unknown or inactive email', async () => {
    await expectRefused({ email: 'nobody@alpine.test' }, 'no-account');
    const inactive = await samlUser('alpine.test', { isActive: false });
    await expectRefused({ email: inactive.email }, 'no-account');
  });

  it('answers JSON with a clear message when asked for JSON', async () => {
    const user = await samlUser('valley.test');
    const response = await postAcs({ email: user.email }, '/', 'application/json');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'This identity provider may not sign in this account',
      key: 'app.errors.samlWrongProvider',
    });
    const unknown = await postAcs({ email: user.email, providerId: 'nope' }, '/', 'application/json');
    expect(unknown.statusCode).toBe(404);
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)'])(
    'ends an open-redirect attempt RelayState=%s at /',
    async (relayState) => {
      const user = await samlUser('alpine.test');
      const response = await postAcs({ email: user.email }, relayState);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
      expect(response.cookies.find((c) => c.name === 'rc_session')).toBeDefined();
    },
  );

  it('accepts the cross-site form POST of a real IdP (Origin and Sec-Fetch-Site of the IdP site)', async () => {
    const user = await samlUser('alpine.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/saml/acs/alpine',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://idp.alpine.test',
        'sec-fetch-site': 'cross-site',
        host: 'cockpit.example.com',
      },
      payload: acsForm({ email: user.email }, '/'),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(response.cookies.find((cookie) => cookie.name === 'rc_session')).toBeDefined();
  });
});
