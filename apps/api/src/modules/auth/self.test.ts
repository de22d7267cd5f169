import { userMandators, users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMandator, seedUser } from '../../../test/support/factories.ts';
import { signInWithPassword } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// That these calls are for people (401 without a session, 403 for an API key) is proven by authorization/matrix.test.ts.
describe('own settings of the signed-in person', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patchSelf = (cookie: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/users/self', headers: { cookie }, payload: payload as object });

  it('changes language and notifications and answers the session user', async () => {
    const user = await seedUser(t.ctx.db);
    await t.ctx.db
      .update(users)
      .set({ notificationEnabled: false, unsubscribedAt: new Date() })
      .where(eq(users.id, user.id));
    const cookie = await signInWithPassword(t.app, user.email);
    const response = await patchSelf(cookie, { languageId: 'FRS', notificationEnabled: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, languageId: 'FRS' });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ languageId: 'FRS', notificationEnabled: true, unsubscribedAt: null });
    await patchSelf(cookie, { notificationEnabled: false });
    const [off] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(off!.notificationEnabled).toBe(false);
  });

  it('ignores every other key: role, roles, mandators, email, id, password, isActive', async () => {
    const own = await seedMandator(t.ctx.db);
    const foreign = await seedMandator(t.ctx.db);
    const user = await seedUser(t.ctx.db, { mandatorIds: [own.id] });
    const victim = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    const response = await patchSelf(cookie, {
      role: 'ROLE_ADMIN',
      roles: ['ROLE_ADMIN'],
      mandators: [foreign.id],
      email: 'taken-over@test.example',
      id: victim.id,
      password: 'new-password-1',
      isActive: false,
      twoFactorMethod: 'email',
      loginMethod: 'no-password',
      languageId: 'FRS',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: user.id,
      roles: ['ROLE_USER'],
      email: user.email,
      isAdmin: false,
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      roles: ['ROLE_USER'],
      email: user.email,
      isActive: true,
      twoFactorMethod: null,
      loginMethod: 'password',
      languageId: 'FRS',
      passwordHash: user.passwordHash,
    });
    const links = await t.ctx.db.select().from(userMandators).where(eq(userMandators.userId, user.id));
    expect(links.map((link) => link.mandatorId)).toEqual([own.id]);
    const [other] = await t.ctx.db.select().from(users).where(eq(users.id, victim.id));
    expect(other!.languageId).toBe('DES');
  });

  it('refuses bad values with 400 and changes nothing', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    for (const payload of [{ languageId: 'XXX' }, { notificationEnabled: 'yes' }, { languageId: 5 }]) {
      expect((await patchSelf(cookie, payload)).statusCode).toBe(400);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ languageId: 'DES', notificationEnabled: true });
  });

  it('answers the own two-factor method', async () => {
    const user = await seedUser(t.ctx.db, { twoFactorMethod: 'email' });
    await t.ctx.db.update(users).set({ twoFactorMethod: null }).where(eq(users.id, user.id));
    const cookie = await signInWithPassword(t.app, user.email);
    const response = await t.app.inject({ method: 'GET', url: '/api/users/self/2fa', headers: { cookie } });
    expect(response.json()).toEqual({ twoFactorMethod: null });
  });

  it('lists its routes in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/doc/json' })).json();
    for (const path of [
      '/api/login/json',
      '/api/login/check',
      '/api/login/2fa',
      '/api/logout',
      '/api/reset-password',
      '/api/reset-password/reset/{token}',
      '/api/notification/unsubscribe',
      '/api/users/self',
      '/api/users/self/2fa',
      '/api/users/self/2fa/qr',
      '/api/users/self/2fa/secret',
      '/api/users/self/2fa/code',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
  });
});
