import { auditLog, users } from '@rope/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMandator, seedUser } from '../../../test/support/factories.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// That another mandator's user or a missing id answers a client admin 404 alike is proven by
// authorization/matrix.test.ts and foreign-like-missing.test.ts.
describe('GET and DELETE /api/users/{id}', () => {
  let t: TestApp;
  let own: number;
  let other: number;
  let admin: { id: number };
  let adminCookie: string;
  let clientAdminCookie: string;
  const get = (cookie: string, id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: { cookie } });
  const remove = (cookie: string, id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    own = (await seedMandator(t.ctx.db)).id;
    other = (await seedMandator(t.ctx.db)).id;
    admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
    adminCookie = await signIn(t.ctx, admin);
    clientAdminCookie = await signIn(
      t.ctx,
      await seedUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [own] }),
    );
  });
  afterAll(() => t.close());

  it('answers the edit fields and never a secret', async () => {
    const user = await seedUser(t.ctx.db, {
      mandatorIds: [own, other],
      twoFactorMethod: 'authenticator',
      twoFactorSecret: 'JBSWY3DPEHPK3PXP',
    });
    const response = await get(adminCookie, user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id: user.id,
        email: user.email,
        firstname: 'Test',
        lastname: 'User',
        phone: null,
        function: null,
        role: 'ROLE_USER',
        roles: ['ROLE_USER'],
        mandators: [own, other].sort((a, b) => a - b),
        loginMethod: 'password',
        twoFactorMethod: 'authenticator',
        samlProvider: null,
        languageId: 'DES',
        notificationEnabled: true,
        isActive: true,
        pictureUri: null,
      },
    });
    expect(response.body).not.toContain('JBSWY3DPEHPK3PXP');
    expect(response.body).not.toContain('argon2');
    // A client admin sees the shared user, but only the mandators that are theirs.
    expect((await get(clientAdminCookie, user.id)).json().user.mandators).toEqual([own]);
  });

  it('answers 404 for staff a client admin cannot see, and 400 for ids that are not numbers', async () => {
    const pm = await seedUser(t.ctx.db, { roles: ['ROLE_PROJECT_MANAGER'] });
    for (const id of [pm.id, admin.id]) {
      const response = await get(clientAdminCookie, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'User not found', key: 'app.errors.userNotFound' });
    }
    for (const id of ['abc', '1.5', '-3', '0', '99999999999']) {
      const response = await get(adminCookie, id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
  });

  it('lets an admin delete a user, with an audit entry', async () => {
    const user = await seedUser(t.ctx.db, { mandatorIds: [own] });
    await signIn(t.ctx, user);
    const response = await remove(adminCookie, user.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await t.ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.targetId, user.id)));
    expect(audit).toMatchObject({ actorUserId: admin.id, details: { email: user.email } });
    expect((await remove(adminCookie, user.id)).statusCode).toBe(404);
  });

  it('never deletes oneself', async () => {
    const response = await remove(adminCookie, admin.id);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'RULE_VIOLATION',
      message: 'You cannot delete your own account',
      key: 'app.errors.deleteOwnAccount',
    });
  });

  it('is for edit-any only: client admins may not delete even their own users', async () => {
    const user = await seedUser(t.ctx.db, { mandatorIds: [own] });
    expect((await remove(clientAdminCookie, user.id)).statusCode).toBe(403);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });
});
