import { auditLog, mandators } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApiKey, seedArea, seedMandator, seedUser } from '../../../test/support/factories.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// That mandators are for admins only, and a client admin's view of another mandator's users answers as a missing
// mandator, is proven by authorization/matrix.test.ts and foreign-like-missing.test.ts.
describe('mandators', () => {
  let t: TestApp;
  let adminCookie: string;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const settingsOf = async (id: number) =>
    (await t.ctx.db.select().from(mandators).where(eq(mandators.id, id)))[0]?.settings;

  beforeAll(async () => {
    t = await createTestApp();
    adminCookie = await signIn(t.ctx, await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
  });
  afterAll(() => t.close());

  it('lists mandators by name, deletable only while nothing refers to them', async () => {
    const withArea = await seedMandator(t.ctx.db, 'bergbahn Nord');
    await seedArea(t.ctx.db, withArea.id);
    const withUser = await seedMandator(t.ctx.db, 'Alpen AG');
    await seedUser(t.ctx.db, { mandatorIds: [withUser.id] });
    const unused = await seedMandator(t.ctx.db, 'Cable Co');
    const response = await call('GET', '/api/mandators', adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mandators: [
        { id: withUser.id, name: 'Alpen AG', passwordExpiryDays: null, canBeDeleted: false },
        { id: withArea.id, name: 'bergbahn Nord', passwordExpiryDays: null, canBeDeleted: false },
        { id: unused.id, name: 'Cable Co', passwordExpiryDays: null, canBeDeleted: true },
      ],
    });
  });

  it('sorts by an allowed column only, refusing any other sort key with a 400 naming it', async () => {
    const short = await seedMandator(t.ctx.db, 'Sort Short');
    await t.ctx.db
      .update(mandators)
      .set({ settings: { passwordExpiryDays: 30 } })
      .where(eq(mandators.id, short.id));
    const long = await seedMandator(t.ctx.db, 'Sort Long');
    await t.ctx.db
      .update(mandators)
      .set({ settings: { passwordExpiryDays: 365 } })
      .where(eq(mandators.id, long.id));
    const names = async (query: string) => {
      const response = await call('GET', `/api/mandators${query}`, adminCookie);
      expect(response.statusCode).toBe(200);
      return (response.json().mandators as { name: string }[]).map((mandator) => mandator.name);
    };
    const byExpiry = (await names('?sort=-passwordExpiry')).filter((name) => name.startsWith('Sort '));
    expect(byExpiry).toEqual(['Sort Long', 'Sort Short']);
    expect(await names('?sort=name')).toEqual(await names(''));
    expect((await names('?sort=-name')).filter((name) => name.startsWith('Sort '))).toEqual([
      'Sort Short',
      'Sort Long',
    ]);

    for (const key of ['createdAt', '-settings', 'id', 'name;drop']) {
      const refused = await call('GET', `/api/mandators?sort=${encodeURIComponent(key)}`, adminCookie);
      expect(refused.statusCode).toBe(400);
      const field = key.replace(/^-/, '');
      expect(refused.json().fields).toEqual({ sort: `Cannot sort by "${field}": sort by name or passwordExpiry` });
    }
  });

  it('creates a mandator with a password expiry kept in its settings', async () => {
    const response = await call('POST', '/api/mandators', adminCookie, {
      mandator: { name: '  Seilbahn Süd ', passwordExpiryDays: 90, id: 5, settings: { x: 1 } },
    });
    expect(response.statusCode).toBe(200);
    const { mandator } = response.json();
    expect(mandator).toEqual({
      id: expect.any(Number),
      name: 'Seilbahn Süd',
      passwordExpiryDays: 90,
      canBeDeleted: true,
    });
    expect(await settingsOf(mandator.id)).toEqual({ passwordExpiryDays: 90 });
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'mandator.create'));
    expect(audit).toMatchObject({ targetType: 'mandator', targetId: mandator.id });
  });

  it('requires a name with the spec text', async () => {
    for (const mandator of [{ name: '' }, { name: '   ' }, {}]) {
      const response = await call('POST', '/api/mandators', adminCookie, { mandator });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ 'mandator.name': 'A value needs to be provided for the field' });
    }
    const long = await call('POST', '/api/mandators', adminCookie, { mandator: { name: 'x'.repeat(256) } });
    expect(long.statusCode).toBe(400);
  });

  it('updates the name and switches the expiry off with 0', async () => {
    const { mandator } = (
      await call('POST', '/api/mandators', adminCookie, { mandator: { name: 'Old', passwordExpiryDays: 30 } })
    ).json();
    const renamed = await call('PATCH', `/api/mandators/${mandator.id}`, adminCookie, { mandator: { name: 'New' } });
    expect(renamed.json().mandator).toMatchObject({ name: 'New', passwordExpiryDays: 30 });
    const off = await call('PATCH', `/api/mandators/${mandator.id}`, adminCookie, {
      mandator: { passwordExpiryDays: 0 },
    });
    expect(off.json().mandator).toMatchObject({ name: 'New', passwordExpiryDays: null });
    expect(await settingsOf(mandator.id)).toEqual({});
    const empty = await call('PATCH', `/api/mandators/${mandator.id}`, adminCookie, { mandator: { name: '' } });
    expect(empty.statusCode).toBe(400);
    expect((await call('PATCH', '/api/mandators/987654', adminCookie, { mandator: { name: 'X' } })).statusCode).toBe(
      404,
    );
  });

  it('deletes an unused mandator and refuses one still in use', async () => {
    const unused = await seedMandator(t.ctx.db);
    const response = await call('DELETE', `/api/mandators/${unused.id}`, adminCookie);
    expect(response.statusCode).toBe(204);
    expect(await settingsOf(unused.id)).toBeUndefined();
    expect((await call('DELETE', `/api/mandators/${unused.id}`, adminCookie)).statusCode).toBe(404);
    for (const setUp of [
      (id: number) => seedArea(t.ctx.db, id),
      (id: number) => seedUser(t.ctx.db, { mandatorIds: [id] }),
    ]) {
      const used = await seedMandator(t.ctx.db);
      await setUp(used.id);
      const refused = await call('DELETE', `/api/mandators/${used.id}`, adminCookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'CONFLICT',
        message: 'The mandator is still assigned to areas or users',
        key: 'app.errors.mandatorInUse',
      });
      expect(await settingsOf(used.id)).toEqual({});
    }
  });

  describe('GET /api/mandators/{id}/users', () => {
    it('lists the users of a mandator for admins, and for client admins of that mandator', async () => {
      const own = await seedMandator(t.ctx.db);
      const foreign = await seedMandator(t.ctx.db);
      const clientAdmin = await seedUser(t.ctx.db, {
        roles: ['ROLE_CLIENT_ADMIN'],
        mandatorIds: [own.id],
        email: 'm-ca@x.test',
      });
      const client = await seedUser(t.ctx.db, { mandatorIds: [own.id], email: 'm-client@x.test' });
      await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'], mandatorIds: [own.id], email: 'm-admin@x.test' });
      await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [own.id]);
      await seedUser(t.ctx.db, { mandatorIds: [foreign.id] });
      const byAdmin = await call('GET', `/api/mandators/${own.id}/users`, adminCookie);
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().users.map((u: { email: string }) => u.email)).toHaveLength(4);
      const cookie = await signIn(t.ctx, clientAdmin);
      const byClientAdmin = await call('GET', `/api/mandators/${own.id}/users`, cookie);
      expect(byClientAdmin.json()).toEqual({
        users: [
          { id: clientAdmin.id, name: 'Test User', email: 'm-ca@x.test', role: 'ROLE_CLIENT_ADMIN' },
          { id: client.id, name: 'Test User', email: 'm-client@x.test', role: 'ROLE_USER' },
        ],
      });
      expect((await call('GET', '/api/mandators/987654/users', adminCookie)).statusCode).toBe(404);
    });
  });
});
