import { seedUser, TEST_PASSWORD } from '../support/factories.ts';
import { open, person, type RouteRow, signedIn } from './route-table.ts';

const url = (url: string, payload?: object) => ({ url, payload });
const API_KEYS = { apiInternal: 401, apiImport: 401, apiExternal: 401 } as const;

/** Health and API documentation: public. */
export const SYSTEM_ROWS: RouteRow[] = [
  { route: 'GET /api/health', build: () => url('/api/health'), expect: open(200) },
  { route: 'GET /api/doc', build: () => url('/api/doc'), expect: open(200) },
  { route: 'GET /api/doc/', build: () => url('/api/doc/'), expect: open(200) },
  { route: 'GET /api/doc/json', build: () => url('/api/doc/json'), expect: open(200) },
  { route: 'GET /api/doc/yaml', build: () => url('/api/doc/yaml'), expect: open(200) },
  { route: 'GET /api/doc/v1.json', build: () => url('/api/v1/doc/json'), expect: open(200) },
  {
    route: 'GET /api/doc/static/index.html',
    build: () => url('/api/doc/static/index.html'),
    expect: open(302),
    note: 'swagger-ui sends it on to /api/doc/',
  },
  {
    route: 'GET /api/doc/static/swagger-initializer.js',
    build: () => url('/api/doc/static/swagger-initializer.js'),
    expect: open(200),
  },
  { route: 'GET /api/doc/static/*', build: () => url('/api/doc/static/swagger-ui.css'), expect: open(200) },
  {
    route: 'GET /api/doc/static/theme/accessibility.css',
    build: () => url('/api/doc/static/theme/accessibility.css'),
    expect: open(200),
  },
  {
    route: 'GET /api/doc/static/theme/accessibility.js',
    build: () => url('/api/doc/static/theme/accessibility.js'),
    expect: open(200),
  },
  {
    route: 'GET /api/doc/static/theme/operation-alone.js',
    build: () => url('/api/doc/static/theme/operation-alone.js'),
    expect: open(200),
  },
];

/**
 * Sign-in and account calls (auth engineer) and single sign-on (SAML engineer). Login, reset and unsubscribe are
 * public; the own-settings calls need a person, never an API key.
 */
export const AUTH_ROWS: RouteRow[] = [
  {
    route: 'POST /api/login/json',
    build: async (w) => {
      const user = await seedUser(w.t.ctx.db, { mandatorIds: [w.own] });
      return url('/api/login/json', { username: user.email, password: TEST_PASSWORD });
    },
    expect: open(200),
  },
  {
    route: 'POST /api/login/check',
    build: () => url('/api/login/check'),
    expect: signedIn(200, API_KEYS),
    note: 'API keys have no session to check',
  },
  {
    route: 'POST /api/login/2fa',
    build: () => url('/api/login/2fa', { data: { authCode: '123456' } }),
    expect: signedIn(200, API_KEYS),
  },
  { route: 'GET /api/logout', build: () => url('/api/logout'), expect: open(204) },
  {
    route: 'GET /api/login/link/:token',
    build: () => url('/api/login/link/unknownToken123'),
    expect: open(302),
    note: 'an unknown link goes back to /login?link=failed',
  },
  {
    route: 'POST /api/reset-password',
    build: () => url('/api/reset-password?reason=reset', { email: 'nobody@matrix.test' }),
    expect: open(200),
    note: 'always the same neutral answer',
  },
  {
    route: 'POST /api/reset-password/reset/:token',
    build: () => url('/api/reset-password/reset/abc123', { password: 'matrix-pass-1' }),
    expect: open([400, 404, 410, 422]),
    note: 'an unknown token is a 4xx for everyone',
  },
  {
    route: 'GET /api/reset-password/reset/:token',
    build: () => url('/api/reset-password/reset/abc123'),
    expect: open(200),
    note: 'answers valid: false for an unknown token, to everyone',
  },
  {
    route: 'POST /api/notification/unsubscribe/check',
    build: () => url('/api/notification/unsubscribe/check', { email: 'nobody@matrix.test', token: 'bad' }),
    expect: open(200),
    note: 'answers valid: false for a foreign token, to everyone',
  },
  {
    route: 'POST /api/notification/unsubscribe',
    build: () => url('/api/notification/unsubscribe', { email: 'nobody@matrix.test', token: 'bad' }),
    expect: open([200, 400, 404, 422]),
  },
  { route: 'GET /api/users/self/2fa', build: () => url('/api/users/self/2fa'), expect: person(200) },
  { route: 'POST /api/users/self/2fa/secret', build: () => url('/api/users/self/2fa/secret'), expect: person(200) },
  {
    route: 'GET /api/users/self/2fa/qr',
    build: () => url('/api/users/self/2fa/qr?secret=JBSWY3DPEHPK3PXP'),
    expect: person(200),
  },
  {
    route: 'PATCH /api/users/self/2fa',
    build: () => url('/api/users/self/2fa', { twoFactorMethod: null }),
    expect: person(200),
  },
  {
    route: 'POST /api/users/self/2fa/code',
    build: () => url('/api/users/self/2fa/code'),
    expect: person(422),
    note: 'the matrix people have no email factor, and a proof code is sent only of that one',
  },
  { route: 'PATCH /api/users/self', build: () => url('/api/users/self', { languageId: 'DES' }), expect: person(200) },
  {
    route: 'POST /api/login/saml-check',
    build: () => url('/api/login/saml-check', { e: 'someone@matrix.test' }),
    expect: open(200),
  },
  {
    route: 'GET /api/saml/login',
    build: () => url('/api/saml/login?idp=nope'),
    expect: open(404),
    note: 'no provider is configured in the matrix: public, but unknown',
  },
  { route: 'GET /api/saml/metadata/:id', build: () => url('/api/saml/metadata/nope'), expect: open(404) },
  {
    route: 'POST /api/saml/acs/:id',
    build: () => ({
      url: '/api/saml/acs/nope',
      payload: 'SAMLResponse=eA%3D%3D',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    }),
    expect: open(404),
  },
];
