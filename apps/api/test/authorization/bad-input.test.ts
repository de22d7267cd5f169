import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMandator, seedUser } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Body, expectRefusedAndUnchanged, long, type Method } from './expect-refused.ts';

// Wrong types, non-objects, proto keys, malformed JSON and multipart boundaries, and ids that are not decimal or out of
// range on every users and mandators call, are sent by bad-input-every-route.test.ts (with a code and a message).
const validUser = { email: 'fresh@bad.test', role: 'ROLE_USER', password: 'bad-input-pass-1' };

const USER_BODIES: [string, Body][] = [
  ['no user', '{}'],
  ['user null', { user: null }],
  ['email missing', { user: { role: 'ROLE_USER', password: 'bad-input-pass-1' } }],
  ['email not an email', { user: { ...validUser, email: 'not-an-email' } }],
  ['email over 45', { user: { ...validUser, email: `${long(40)}@b.test` } }],
  ['firstname over 45', { user: { ...validUser, firstname: long(46) } }],
  ['lastname an object', { user: { ...validUser, lastname: { $gt: '' } } }],
  ['phone with letters', { user: { ...validUser, phone: '+41 79 CALL ME' } }],
  ['unknown role', { user: { ...validUser, role: 'ROLE_ROOT' } }],
  ['roles as a string', { user: { ...validUser, role: ['ROLE_ADMIN'] } }],
  ['mandators not numbers', { user: { ...validUser, mandators: ['1'] } }],
  ['mandators negative', { user: { ...validUser, mandators: [-1] } }],
  ['mandators too many', { user: { ...validUser, mandators: Array.from({ length: 501 }, (_, i) => i + 1) } }],
  ['password too short', { user: { ...validUser, password: 'a1' } }],
  ['password over 50', { user: { ...validUser, password: `a1${long(49)}` } }],
  ['password with blank edges', { user: { ...validUser, password: ' bad-input-pass-1' } }],
  ['language unknown', { user: { ...validUser, languageId: 'XX' } }],
  ['notificationEnabled a number', { user: { ...validUser, notificationEnabled: 1 } }],
  ['loginMethod unknown', { user: { ...validUser, loginMethod: 'magic' } }],
  ['saml without provider', { user: { ...validUser, loginMethod: 'saml' } }],
  ['samlProvider over 64', { user: { ...validUser, loginMethod: 'saml', samlProvider: long(65) } }],
  ['function unknown', { user: { ...validUser, function: 'king' } }],
];

describe('bad input to the users calls', () => {
  let t: TestApp;
  let adminCookie: string;
  let clientAdminCookie: string;
  let own: number;
  let targetId: number;

  const refused = (method: Method, url: string, cookie: string, body?: Body, contentType?: string) =>
    expectRefusedAndUnchanged(t, method, url, cookie, body, contentType);

  beforeAll(async () => {
    t = await createTestApp();
    own = (await seedMandator(t.ctx.db)).id;
    adminCookie = await signIn(t.ctx, await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
    clientAdminCookie = await signIn(
      t.ctx,
      await seedUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [own] }),
    );
    targetId = (await seedUser(t.ctx.db, { mandatorIds: [own] })).id;
  });
  afterAll(() => t.close());

  it.each(USER_BODIES)('POST /api/users refuses %s', async (_name, body) => {
    await refused('POST', '/api/users', adminCookie, body);
  });

  it.each(USER_BODIES.filter(([name]) => !/missing|password too short/.test(name)))(
    'PATCH /api/users/{id} refuses %s',
    async (_name, body) => {
      await refused('PATCH', `/api/users/${targetId}`, adminCookie, body);
    },
  );

  it('refuses a role a client admin may not give, sent as a known or an extra field', async () => {
    const promote = { role: 'ROLE_ADMIN', mandators: [own] };
    await refused('POST', '/api/users', clientAdminCookie, { user: { ...validUser, ...promote } });
    const response = await refused('PATCH', `/api/users/${targetId}`, clientAdminCookie, {
      user: { role: 'ROLE_PROJECT_MANAGER' },
    });
    expect(response.statusCode).toBe(403);
    // Extra keys are stripped, not obeyed: the call succeeds and the roles stay.
    const extra = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${targetId}`,
      headers: { cookie: clientAdminCookie },
      payload: { user: { roles: ['ROLE_ADMIN'], id: 1, passwordHash: 'x', isAdmin: true } },
    });
    expect(extra.statusCode).toBe(200);
    expect(extra.json().user).toMatchObject({ id: targetId, roles: ['ROLE_USER'] });
  });

  it.each([
    ['page 0', '?page=0'],
    ['page negative', '?page=-2'],
    ['page text', '?page=two'],
    ['page huge', '?page=1e9'],
    ['showFree text', '?showFree=please'],
    ['search over 100', `?search=${long(101)}`],
  ])('GET /api/users refuses %s', async (_name, query) => {
    const response = await refused('GET', `/api/users${query}`, adminCookie);
    expect(response.statusCode).toBe(400);
  });

  it('refuses NUL characters, hostile nesting and ids beyond the integer column, naming the field', async () => {
    const nul = await refused('PATCH', `/api/users/${targetId}`, adminCookie, { user: { firstname: 'A\u0000B' } });
    expect(nul.json().fields).toEqual({ 'user.firstname': 'Text must not contain NUL characters' });
    const deep = `{"user":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect((await refused('PATCH', `/api/users/${targetId}`, adminCookie, deep)).json().fields).toHaveProperty([
      'user.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0',
    ]);
    for (const id of [2 ** 31, 2 ** 53, -1, 1.5]) {
      const big = await refused('POST', '/api/users', adminCookie, { user: { ...validUser, mandators: [id] } });
      expect(Object.keys(big.json().fields)).toEqual(['user.mandators.0']);
    }
    expect((await refused('GET', `/api/users?search=a%00b`, adminCookie)).json().fields).toHaveProperty('search');
    expect((await refused('GET', '/api/areas?showAsUser=2147483648', adminCookie)).statusCode).toBe(400);
    expect((await refused('GET', '/api/areas?showAsUser=0x10', adminCookie)).statusCode).toBe(400);
  });

  it('refuses a lone surrogate in any text or name, naming the field, and takes a proper pair', async () => {
    const lone = 'Text must not contain half of a surrogate pair (invalid Unicode)';
    // The JSON text carries the escape, as a client sends it: `"A\\ud800B"`.
    for (const text of ['A\ud800B', 'A\udc00B', 'AB\udbff', 'A\ude00\ud83dB']) {
      const raw = JSON.stringify({ user: { firstname: text } });
      expect(raw).toMatch(/\\ud[89a-f]/);
      const response = await refused('PATCH', `/api/users/${targetId}`, adminCookie, raw);
      expect(response.json().fields).toEqual({ 'user.firstname': lone });
    }
    const key = await refused('PATCH', `/api/users/${targetId}`, adminCookie, { user: { 'x\ud800': 1 } });
    expect(key.json().fields).toEqual({
      user: 'Names must not contain half of a surrogate pair (invalid Unicode)',
    });
    const emoji = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${targetId}`,
      headers: { cookie: adminCookie },
      payload: { user: { firstname: 'Anna \ud83d\ude00' } },
    });
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect(emoji.json().user.firstname).toBe('Anna 😀');
  });

  it('refuses a multipart body cut short', async () => {
    const cut = '--abc\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n\r\nPNG';
    await refused('POST', `/api/users/${targetId}/picture`, adminCookie, cut, 'multipart/form-data; boundary=abc');
  });

  it('refuses bodies that are too large or not JSON', async () => {
    const huge = { user: { ...validUser, firstname: long(3 * 1024 * 1024) } };
    expect((await refused('POST', '/api/users', adminCookie, huge)).statusCode).toBe(413);
    const xml = await refused(
      'POST',
      '/api/users',
      adminCookie,
      '<user><role>ROLE_ADMIN</role></user>',
      'application/xml',
    );
    expect(xml.statusCode).toBe(415);
    expect((await refused('POST', '/api/users', adminCookie, 'email=a@b.c', 'text/plain')).statusCode).toBe(400);
  });
});
