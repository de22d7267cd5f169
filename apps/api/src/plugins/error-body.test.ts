import { apiErrorSchema } from '@rope/domain/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArea, createMandator, createUser } from '../test/factories.ts';
import { signIn } from '../test/sign-in.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('error answers', () => {
  let t: TestApp;
  let adminCookie: string;
  const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: adminCookie }, payload });

  beforeAll(async () => {
    t = await createTestApp();
    adminCookie = await signIn(t.ctx, await createUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
  });
  afterAll(() => t.close());

  it('name each field at fault with its English text and its message key and parameters', async () => {
    const response = await call('POST', '/api/users', {
      user: { email: 'not-an-address', role: 'ROLE_ADMIN', password: 'short1', firstname: 'x'.repeat(46) },
    });
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.fields).toMatchObject({
      'user.email': 'Please enter a valid email address',
      'user.firstname': 'At most 45 characters',
      'user.password': 'Password must be at least 8 characters',
    });
    expect(body.fieldKeys).toMatchObject({
      'user.email': { key: 'validation.emailInvalid' },
      'user.firstname': { key: 'validation.textTooLong', params: { max: 45 } },
      'user.password': { key: 'validation.passwordMinLength', params: { min: 8 } },
    });
    expect(Object.keys(body.fieldKeys ?? {}).sort()).toEqual(Object.keys(body.fields ?? {}).sort());
    const [firstPath, firstText] = Object.entries(body.fields ?? {})[0]!;
    expect(body.message).toBe(`${firstPath}: ${firstText}`);
    expect({ key: body.key, params: body.params }).toEqual(body.fieldKeys?.[firstPath]);
  });

  it('key zod’s plain checks by their kind and keep zod’s words as the English text', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users?search=${'x'.repeat(101)}`,
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      key: 'validation.textTooLong',
      params: { max: 100 },
      fields: { search: 'Too big: expected string to have <=100 characters' },
      fieldKeys: { search: { key: 'validation.textTooLong', params: { max: 100 } } },
    });
  });

  it('say a name is too long rather than missing', async () => {
    const response = await call('POST', '/api/mandators', { mandator: { name: 'x'.repeat(256) } });
    expect(response.json()).toMatchObject({
      fields: { 'mandator.name': 'At most 255 characters' },
      fieldKeys: { 'mandator.name': { key: 'validation.textTooLong', params: { max: 255 } } },
    });
  });

  it('key the rules a merged PATCH breaks', async () => {
    const mandator = await createMandator(t.ctx.db, 'Keys AG');
    const area = await createArea(t.ctx.db, mandator.id);
    const response = await call('PATCH', `/api/areas/${area.id}`, { area: { mapZoom: 3.05, mapBaseLayers: [] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldKeys).toEqual({
      'area.mapZoom': { key: 'validation.zoomRange', params: { min: 1, max: 27, step: 0.1 } },
      'area.mapBaseLayers': { key: 'validation.baseLayerRequired' },
    });
  });

  it('key the refusals of the 404 and 403 helpers', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/areas/2147483000',
      headers: { cookie: adminCookie },
    });
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'No such area', key: 'app.errors.noSuchArea' });
    const mandator = await createMandator(t.ctx.db, 'Helpers AG');
    const clientCookie = await signIn(
      t.ctx,
      await createUser(t.ctx.db, { roles: ['ROLE_USER'], mandatorIds: [mandator.id] }),
    );
    const refused = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: clientCookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', key: 'app.errors.forbidden' });
  });

  it('answer a plain refusal without keys as before', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/1', headers: {} });
    expect(response.statusCode).toBe(401);
    const body = apiErrorSchema.parse(response.json());
    expect(body).toEqual({ code: 'UNAUTHENTICATED', message: 'Not signed in' });
  });
});
