import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApiKey, seedUser } from '../../test/support/factories.ts';
import { signIn } from '../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import { buildApp } from '../app.ts';

/**
 * The calls anyone may make. A route is public only by declaring `config: { access: 'public' }` next to its schema,
 * and only when it is named here as well: making a call public is a decision to name in review.
 */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'POST /api/login/json',
  'GET /api/login/link/:token',
  'POST /api/login/check',
  'POST /api/login/2fa',
  'GET /api/logout',
  'POST /api/login/saml-check',
  'GET /api/saml/login',
  'GET /api/saml/metadata/:id',
  'POST /api/saml/acs/:id',
  'POST /api/reset-password',
  'GET /api/reset-password/reset/:token',
  'POST /api/reset-password/reset/:token',
  'POST /api/notification/unsubscribe',
  'POST /api/notification/unsubscribe/check',
];
/** The API documentation (swagger-ui's routes), public as a whole. */
const DOCUMENTATION = '/api/doc';

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
/** A path that reaches the route: each parameter filled with a valid id. */
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

describe('route access: declared per route, signed in unless a route says otherwise', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const apiRoutes = () => t.app.apiRoutes().filter((route) => route.method !== 'HEAD');

  it('declares public exactly the calls named here and the documentation', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const declaredPublic = routes.filter((route) => route.access === 'public').map(keyOf);
    const documentation = declaredPublic.filter((key) => key.split(' ')[1]!.startsWith(`${DOCUMENTATION}/`));
    expect(documentation.length).toBeGreaterThan(0);
    expect(declaredPublic.filter((key) => !documentation.includes(key)).sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 401 to anyone not signed in on every route not declared public', async () => {
    const closed = apiRoutes().filter((route) => route.access !== 'public');
    const answers = await Promise.all(
      closed.map(async (route) => {
        const response = await t.app.inject({ method: route.method as 'GET', url: pathOf(route.url) });
        return `${keyOf(route)} ${response.statusCode}`;
      }),
    );
    expect(answers).toEqual(closed.map((route) => `${keyOf(route)} 401`));
  });

  it('keeps a route that declares nothing closed to anyone not signed in, open to sessions and API keys; reads what one declares', async () => {
    const app = await buildApp(t.ctx);
    app.get('/api/route-access-probe', async () => ({ reached: true }));
    app.get('/api/route-access-probe/public', { config: { access: 'public' } }, async () => ({ reached: true }));
    app.get('/api/route-access-probe/session-only', { config: { access: 'session-only' } }, async () => ({
      reached: true,
    }));
    try {
      await app.ready();
      const person = await signIn(t.ctx, await seedUser(t.ctx.db));
      const { key } = await seedApiKey(t.ctx.db, 'ROLE_API_EXTERNAL');
      const status = async (url: string, headers: Record<string, string> = {}) =>
        (await app.inject({ method: 'GET', url, headers })).statusCode;
      expect(app.apiRoutes().find((route) => route.url === '/api/route-access-probe')?.access).toBe('signed-in');
      expect(await status('/api/route-access-probe')).toBe(401);
      expect(await status('/api/route-access-probe', { cookie: person })).toBe(200);
      expect(await status('/api/route-access-probe', { authorization: `Bearer ${key}` })).toBe(200);
      expect(await status('/api/route-access-probe/public')).toBe(200);
      expect(await status('/api/route-access-probe/session-only')).toBe(401);
      expect(await status('/api/route-access-probe/session-only', { cookie: person })).toBe(200);
      expect(await status('/api/route-access-probe/session-only', { authorization: `Bearer ${key}` })).toBe(403);
    } finally {
      await app.close();
    }
  });

  it('refuses at start a route that declares an access it does not know', async () => {
    const app = await buildApp(t.ctx);
    try {
      expect(() =>
        app.get('/api/route-access-typo', { config: { access: 'pubic' as 'public' } }, async () => ({})),
      ).toThrow(/unknown access pubic/);
    } finally {
      await app.close();
    }
  });
});
