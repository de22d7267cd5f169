import { installations } from '@rope/db/schema/index';
import { apiErrorSchema } from '@rope/domain/errors';
import { englishText, isMessageKey } from '@rope/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArea, seedInstallation, seedMandator, seedUser } from '../../test/support/factories.ts';
import { signIn } from '../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

describe('error answers', () => {
  let t: TestApp;
  let adminCookie: string;
  const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: adminCookie }, payload });

  beforeAll(async () => {
    t = await createTestApp();
    adminCookie = await signIn(t.ctx, await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
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
    const mandator = await seedMandator(t.ctx.db, 'Keys AG');
    const area = await seedArea(t.ctx.db, mandator.id);
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
    const mandator = await seedMandator(t.ctx.db, 'Helpers AG');
    const clientCookie = await signIn(
      t.ctx,
      await seedUser(t.ctx.db, { roles: ['ROLE_USER'], mandatorIds: [mandator.id] }),
    );
    const refused = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: clientCookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', key: 'app.errors.forbidden' });
  });

  it('key the plainest refusal too, with its English text as before', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/1', headers: {} });
    expect(response.statusCode).toBe(401);
    const body = apiErrorSchema.parse(response.json());
    expect(body).toEqual({ code: 'UNAUTHENTICATED', message: 'Not signed in', key: 'app.errors.notSignedIn' });
  });

  describe('every refusal carries a known key, its parameters and the English text of before', () => {
    /** The answer checked against the error schema: its key is one of the domain's, its text that key's English. */
    const keyed = (response: { statusCode: number; json: () => unknown }) => {
      const body = apiErrorSchema.parse(response.json());
      expect(isMessageKey(body.key), body.key).toBe(true);
      return body;
    };

    it('a cross-site write, plain or behind a proxy that hides HTTPS', async () => {
      const write = (origin: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/mandators',
          headers: { cookie: adminCookie, origin },
          payload: { mandator: { name: 'Cross AG' } },
        });
      const crossSite = await write('https://evil.example');
      expect(crossSite.statusCode).toBe(403);
      expect(keyed(crossSite)).toEqual({
        code: 'FORBIDDEN',
        message: 'Cross-site requests are not allowed',
        key: 'app.errors.crossSite',
      });
      const proxied = keyed(await write('https://localhost'));
      expect(proxied).toMatchObject({
        key: 'app.errors.crossSiteBehindProxy',
        params: { origin: 'https://localhost', own: 'http://localhost' },
      });
      expect(proxied.message).toBe(
        'Cross-site requests are not allowed (https://localhost is not http://localhost; behind an HTTPS proxy set TRUST_PROXY)',
      );
    });

    it('an unknown route, by its method and path', async () => {
      const response = await t.app.inject({ method: 'DELETE', url: '/api/no/such/call?x=1', headers: {} });
      expect(response.statusCode).toBe(404);
      expect(keyed(response)).toEqual({
        code: 'NOT_FOUND',
        message: 'No such call: DELETE /api/no/such/call',
        key: 'app.errors.noSuchCall',
        params: { method: 'DELETE', path: '/api/no/such/call' },
      });
    });

    it('a change under an archived item', async () => {
      const area = await seedArea(t.ctx.db, (await seedMandator(t.ctx.db)).id);
      const installation = await seedInstallation(t.ctx.db, area.id);
      await t.ctx.db.update(installations).set({ isDeleted: true }).where(eq(installations.id, installation.id));
      const response = await call('PATCH', `/api/installations/${installation.id}`, { installation: { name: 'New' } });
      expect(response.statusCode).toBe(422);
      expect(keyed(response)).toEqual({
        code: 'RULE_VIOLATION',
        message: 'Archived items are read-only: restore it first',
        key: 'app.errors.archivedReadOnly',
      });
    });

    it('an email another user has', async () => {
      await seedUser(t.ctx.db, { email: 'keyed-taken@x.test' });
      const response = await call('POST', '/api/users', {
        user: { email: 'Keyed-Taken@x.test', role: 'ROLE_USER', password: 'rope-secret-1' },
      });
      expect(response.statusCode).toBe(409);
      expect(keyed(response)).toEqual({
        code: 'CONFLICT',
        message: 'Specified email address is already used for different user. Use a different email.',
        key: 'app.errors.emailConflict',
      });
    });

    it('an inspection file invalid at one of its fields, the field keyed as well', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/events/import/parse',
        headers: { cookie: adminCookie, 'content-type': 'application/xml' },
        payload:
          '<inspection><timestamp>2026-05-01T08:00:00Z</timestamp><bendingCycles>-5</bendingCycles></inspection>',
      });
      expect(response.statusCode).toBe(400);
      const body = keyed(response);
      const problem = body.fields?.bendingCycles ?? '';
      expect(body).toMatchObject({
        code: 'VALIDATION',
        message: `The inspection file is invalid at bendingCycles: ${problem}`,
        key: 'app.errors.inspectionInvalidAt',
        params: { field: 'bendingCycles', problem },
      });
      const fieldKey = body.fieldKeys?.bendingCycles;
      expect(isMessageKey(fieldKey?.key)).toBe(true);
      expect(fieldKey?.key).not.toBe('validation.invalid');
      const wellFormed = await t.app.inject({
        method: 'POST',
        url: '/api/events/import/parse',
        headers: { cookie: adminCookie, 'content-type': 'application/xml' },
        payload: '<inspection>\n<timestamp></inspection>',
      });
      expect(keyed(wellFormed)).toMatchObject({ key: 'app.errors.inspectionNotWellFormed', params: { line: 2 } });
    });

    it('the framework’s own refusal, in its words', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/mandators',
        headers: { cookie: adminCookie, 'content-type': 'text/x-unknown' },
        payload: 'x',
      });
      expect(response.statusCode).toBe(415);
      const body = keyed(response);
      expect(body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', key: 'app.errors.unsupportedMediaType' });
      expect(body.message).not.toBe(englishText({ key: 'app.errors.unsupportedMediaType' }));
    });
  });
});
