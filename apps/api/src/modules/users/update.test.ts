import { auditLog, sessions, userMandators, users } from '@rope/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMandator, seedUser } from '../../../test/support/factories.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// That a client admin gets 404 for another mandator's user or a missing id, and 403 without the right, is proven by
// authorization/matrix.test.ts and foreign-like-missing.test.ts.
describe('PATCH /api/users/{id}', () => {
  let t: TestApp;
  let own: number;
  let other: number;
  let admin: { id: number };
  let adminCookie: string;
  let clientAdmin: { id: number };
  let clientAdminCookie: string;
  const patch = (cookie: string, id: number | string, user: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: { cookie }, payload: { user } });
  const row = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const mandatorsOf = async (id: number) =>
    (await t.ctx.db.select().from(userMandators).where(eq(userMandators.userId, id))).map((l) => l.mandatorId).sort();
  const sessionCount = async (id: number) =>
    (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, id))).length;

  beforeAll(async () => {
    t = await createTestApp();
    own = (await seedMandator(t.ctx.db)).id;
    other = (await seedMandator(t.ctx.db)).id;
    admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
    adminCookie = await signIn(t.ctx, admin);
    clientAdmin = await seedUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [own] });
    clientAdminCookie = await signIn(t.ctx, clientAdmin);
  });
  afterAll(() => t.close());

  it('changes what was sent, answers the user and audits the field names', async () => {
    const user = await seedUser(t.ctx.db, { mandatorIds: [own] });
    const response = await patch(adminCookie, user.id, { firstname: 'Fritz', phone: '+41 (0)79 555 66 77' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: user.id,
      firstname: 'Fritz',
      lastname: 'User',
      phone: '+41795556677',
      mandators: [own],
    });
    expect(response.json().user).not.toHaveProperty('passwordHash');
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.update')));
    expect(audit!.details).toEqual({ fields: ['firstname', 'phone'] });
    expect(audit!.actorUserId).toBe(admin.id);
  });

  it('takes back a stored phone that is no number unchanged, and checks it only when it changes', async () => {
    const user = await seedUser(t.ctx.db, { mandatorIds: [own] });
    // Saved before numbers were checked: a French mobile number one digit short.
    await t.ctx.db.update(users).set({ phone: '+33 6 555 10 20' }).where(eq(users.id, user.id));
    const read = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: { cookie: adminCookie } });
    expect(read.json().user.phone).toBe('+33 6 555 10 20');
    const { id: _id, roles: _roles, pictureUri: _picture, ...written } = read.json().user;

    const back = await patch(adminCookie, user.id, { ...written, firstname: 'Odile' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user).toMatchObject({ firstname: 'Odile', phone: '+33 6 555 10 20' });
    expect((await patch(adminCookie, user.id, { lastname: 'Martin' })).statusCode).toBe(200);
    expect((await patch(adminCookie, user.id, { phone: '+33 6 555 10 21' })).json()).toMatchObject({
      key: 'validation.phoneNotANumber',
    });
    expect((await row(user.id)).phone).toBe('+33 6 555 10 20');
    const fixed = await patch(adminCookie, user.id, { phone: '+33 6 12 34 56 78' });
    expect(fixed.json().user.phone).toBe('+33612345678');
    const letters = await patch(adminCookie, user.id, { phone: 'call me' });
    expect([letters.statusCode, letters.json().key]).toEqual([400, 'validation.phoneInvalid']);
  });

  it('leaves the password on an empty one; a new one is hashed, dated and ends the sessions', async () => {
    const user = await seedUser(t.ctx.db, { mandatorIds: [own] });
    await signIn(t.ctx, user);
    const before = await row(user.id);
    expect((await patch(adminCookie, user.id, { password: '' })).statusCode).toBe(200);
    expect((await row(user.id)).passwordHash).toBe(before.passwordHash);
    expect(await sessionCount(user.id)).toBe(1);
    const response = await patch(adminCookie, user.id, { password: 'brand-new-pass-9' });
    expect(response.statusCode).toBe(200);
    const after = await row(user.id);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordChangedAt!.getTime()).toBeGreaterThan(before.passwordChangedAt!.getTime());
    expect(await sessionCount(user.id)).toBe(0);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(JSON.stringify(audits)).not.toContain('brand-new-pass-9');
  });

  it('ends the sessions when roles or mandators change, and drops mandators of unbound roles', async () => {
    const user = await seedUser(t.ctx.db, { mandatorIds: [own] });
    await signIn(t.ctx, user);
    expect((await patch(adminCookie, user.id, { mandators: [own, other] })).statusCode).toBe(200);
    expect(await mandatorsOf(user.id)).toEqual([own, other].sort());
    expect(await sessionCount(user.id)).toBe(0);
    await signIn(t.ctx, user);
    const promoted = await patch(adminCookie, user.id, { role: 'ROLE_PROJECT_MANAGER' });
    expect(promoted.json().user).toMatchObject({ role: 'ROLE_PROJECT_MANAGER', roles: ['ROLE_PROJECT_MANAGER'] });
    expect(await mandatorsOf(user.id)).toEqual([]);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('keeps the session an admin edits their own privileges with', async () => {
    const self = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
    const cookie = await signIn(t.ctx, self);
    await signIn(t.ctx, self);
    expect((await patch(cookie, self.id, { password: 'my-new-pass-77' })).statusCode).toBe(200);
    expect(await sessionCount(self.id)).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(200);
  });

  it('answers 409 on an email another user has', async () => {
    await seedUser(t.ctx.db, { email: 'someone@x.test' });
    const user = await seedUser(t.ctx.db);
    const response = await patch(adminCookie, user.id, { email: 'SomeOne@x.test' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Specified email address is already used for different user. Use a different email.',
    );
    expect((await patch(adminCookie, user.id, { email: user.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('deactivating ends the sessions; a new password activates an inactive user', async () => {
    const user = await seedUser(t.ctx.db, { mandatorIds: [own] });
    await signIn(t.ctx, user);
    expect((await patch(adminCookie, user.id, { isActive: false })).json().user.isActive).toBe(false);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await patch(adminCookie, user.id, { password: 'again-active-1' })).json().user.isActive).toBe(true);
  });

  it('checks the sign-in method against a new role or email', async () => {
    const user = await seedUser(t.ctx.db, { mandatorIds: [own] });
    expect((await patch(adminCookie, user.id, { loginMethod: 'no-password' })).statusCode).toBe(200);
    const promoted = await patch(adminCookie, user.id, { role: 'ROLE_CLIENT_ADMIN' });
    expect(promoted.statusCode).toBe(400);
    expect(promoted.json().fields).toHaveProperty('user.loginMethod');
    expect((await row(user.id)).roles).toEqual(['ROLE_USER']);
    expect((await patch(adminCookie, user.id, { role: 'ROLE_CLIENT_ADMIN', loginMethod: 'password' })).statusCode).toBe(
      200,
    );
  });

  it('clears the authenticator secret when the two-factor method changes', async () => {
    const user = await seedUser(t.ctx.db, { twoFactorMethod: 'authenticator', twoFactorSecret: 'JBSWY3DPEHPK3PXP' });
    await patch(adminCookie, user.id, { twoFactorMethod: 'email' });
    expect(await row(user.id)).toMatchObject({ twoFactorMethod: 'email', twoFactorSecret: null });
  });

  describe('by a client admin', () => {
    it('edits users of their own mandators but never changes roles', async () => {
      const user = await seedUser(t.ctx.db, { mandatorIds: [own] });
      expect((await patch(clientAdminCookie, user.id, { lastname: 'Berger', role: 'ROLE_USER' })).statusCode).toBe(200);
      const promote = await patch(clientAdminCookie, user.id, { role: 'ROLE_CLIENT_ADMIN', lastname: 'Nope' });
      expect(promote.statusCode).toBe(403);
      const toAdmin = await patch(clientAdminCookie, user.id, { role: 'ROLE_ADMIN' });
      expect(toAdmin.statusCode).toBe(403);
      expect(await row(user.id)).toMatchObject({ lastname: 'Berger', roles: ['ROLE_USER'] });
    });

    it('never edits their own record', async () => {
      const response = await patch(clientAdminCookie, clientAdmin.id, { firstname: 'Me' });
      expect(response.statusCode).toBe(403);
      expect((await row(clientAdmin.id)).firstname).toBe('Test');
    });

    it('gets 404 for staff without a mandator and 403 for shared users they do not fully manage', async () => {
      expect((await patch(clientAdminCookie, admin.id, { firstname: 'X' })).statusCode).toBe(404);
      const shared = await seedUser(t.ctx.db, { mandatorIds: [own, other] });
      expect((await patch(clientAdminCookie, shared.id, { firstname: 'X' })).statusCode).toBe(403);
      expect((await row(shared.id)).firstname).toBe('Test');
    });

    it('keeps mandators among their own and never empty', async () => {
      const user = await seedUser(t.ctx.db, { mandatorIds: [own] });
      const foreign = await patch(clientAdminCookie, user.id, { mandators: [own, other] });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().fields).toEqual({ 'user.mandators': 'Unknown mandator' });
      const empty = await patch(clientAdminCookie, user.id, { mandators: [] });
      expect(empty.statusCode).toBe(400);
      expect(await mandatorsOf(user.id)).toEqual([own]);
    });
  });
});
