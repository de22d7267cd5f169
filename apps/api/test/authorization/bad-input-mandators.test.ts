import { afterAll, beforeAll, describe, it } from 'vitest';
import { seedMandator, seedUser } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Body, expectRefusedAndUnchanged, long, type Method } from './expect-refused.ts';

// A name of the wrong type and proto keys are sent by bad-input-every-route.test.ts.
const MANDATOR_BODIES: [string, Body][] = [
  ['no mandator', {}],
  ['name missing', { mandator: {} }],
  ['name empty', { mandator: { name: '' } }],
  ['name blanks', { mandator: { name: '   ' } }],
  ['name over 255', { mandator: { name: long(256) } }],
  ['expiry negative', { mandator: { name: 'M', passwordExpiryDays: -1 } }],
  ['expiry a fraction', { mandator: { name: 'M', passwordExpiryDays: 1.5 } }],
  ['expiry too large', { mandator: { name: 'M', passwordExpiryDays: 3651 } }],
  ['expiry a string', { mandator: { name: 'M', passwordExpiryDays: '30' } }],
];

describe('bad input to the mandators calls', () => {
  let t: TestApp;
  let adminCookie: string;
  let mandatorId: number;
  const refused = (method: Method, url: string, cookie: string, body?: Body) =>
    expectRefusedAndUnchanged(t, method, url, cookie, body);

  beforeAll(async () => {
    t = await createTestApp();
    mandatorId = (await seedMandator(t.ctx.db)).id;
    adminCookie = await signIn(t.ctx, await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
  });
  afterAll(() => t.close());

  it.each(MANDATOR_BODIES)('POST /api/mandators refuses %s', async (_name, body) => {
    await refused('POST', '/api/mandators', adminCookie, body);
  });

  it.each(MANDATOR_BODIES.filter(([name]) => !/missing|no mandator/.test(name)))(
    'PATCH /api/mandators/{id} refuses %s',
    async (_name, body) => {
      await refused('PATCH', `/api/mandators/${mandatorId}`, adminCookie, body);
    },
  );
});
