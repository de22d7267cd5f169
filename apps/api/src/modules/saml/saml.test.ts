import { inflateRawSync } from 'node:zlib';
import { users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../../test/support/factories.ts';
import { PUBLIC_URL, SP_ISSUER, TEST_SAML_ENV } from '../../../test/support/saml-idp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(TEST_SAML_ENV);
});
afterAll(() => t?.close());

const check = (e: unknown) => t.app.inject({ method: 'POST', url: '/api/login/saml-check', payload: { e } });

describe('POST /api/login/saml-check', () => {
  it('maps a username to the provider owning its email domain, case-insensitively', async () => {
    expect((await check('Anna@ALPINE.test')).json()).toEqual({ samlProvider: 'alpine' });
    expect((await check('bob@valley.test')).json()).toEqual({ samlProvider: 'valley' });
  });

  it('answers the same for unknown users of a mapped domain and null elsewhere', async () => {
    expect((await check('no-such-user@alpine.test')).json()).toEqual({ samlProvider: 'alpine' });
    expect((await check('no-such-user@elsewhere.test')).json()).toEqual({ samlProvider: null });
    expect((await check('admin')).json()).toEqual({ samlProvider: null });
    expect((await check('')).json()).toEqual({ samlProvider: null });
  });

  it('maps a user whose record names a provider to it', async () => {
    const user = await seedUser(t.ctx.db, { email: 'Fred@Elsewhere.test' });
    await t.ctx.db.update(users).set({ loginMethod: 'saml', samlProvider: 'valley' }).where(eq(users.id, user.id));
    expect((await check('fred@elsewhere.test')).json()).toEqual({ samlProvider: 'valley' });
  });

  it('refuses a missing or overlong username', async () => {
    expect((await check('a'.repeat(256))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/login/saml-check', payload: {} })).statusCode).toBe(400);
  });
});

describe('GET /api/saml/login', () => {
  async function authnRequest(query: string) {
    const response = await t.app.inject({ method: 'GET', url: `/api/saml/login?${query}` });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    const xml = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    return { location, xml };
  }

  it('redirects to the IdP with an AuthnRequest naming our ACS and issuer', async () => {
    const { location, xml } = await authnRequest('idp=alpine&redirect=%2Fareas%2F2');
    expect(`${location.origin}${location.pathname}`).toBe('https://idp.alpine.test/sso');
    expect(location.searchParams.get('RelayState')).toBe('/areas/2');
    expect(xml).toContain(`AssertionConsumerServiceURL="${PUBLIC_URL}/api/saml/acs/alpine"`);
    expect(xml).toContain(`>${SP_ISSUER}</saml:Issuer>`);
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com'])('sends RelayState / for redirect=%s', async (target) => {
    const { location } = await authnRequest(`idp=valley&redirect=${encodeURIComponent(target)}`);
    expect(location.searchParams.get('RelayState')).toBe('/');
  });

  it('answers 404 for an unknown provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/saml/login?idp=nope' });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/saml/metadata/:id', () => {
  it('serves SP metadata with entity id and ACS of the provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/saml/metadata/valley' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(response.body).toMatch(/^<\?xml/);
    expect(response.body).toContain(`entityID="${SP_ISSUER}"`);
    expect(response.body).toContain(`Location="${PUBLIC_URL}/api/saml/acs/valley"`);
    expect(response.body).toContain('WantAssertionsSigned="true"');
  });

  it('answers 404 for an unknown provider', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/saml/metadata/nope' })).statusCode).toBe(404);
  });
});

describe('without SAML_PROVIDERS', () => {
  it('maps nobody and knows no provider', async () => {
    const plain = await createTestApp();
    try {
      const answer = await plain.app.inject({
        method: 'POST',
        url: '/api/login/saml-check',
        payload: { e: 'a@b.test' },
      });
      expect(answer.json()).toEqual({ samlProvider: null });
      expect((await plain.app.inject({ method: 'GET', url: '/api/saml/login?idp=alpine' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
