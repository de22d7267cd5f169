import { readFileSync } from 'node:fs';
import { auditLog, userMandators, users } from '@rope/db/schema/index';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMandator, seedUser } from '../../../test/support/factories.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const cert = readFileSync(new URL('../../../test/fixtures/saml/idp-cert.pem', import.meta.url), 'utf8');
const samlProviders = JSON.stringify([
  { id: 'corp', name: 'Corp IdP', entryPoint: 'https://idp.corp.test/sso', cert, domains: ['corp.test'] },
]);

describe('POST /api/users', () => {
  let t: TestApp;
  let own: number;
  let adminCookie: string;
  let clientAdminCookie: string;
  const create = (cookie: string, user: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie }, payload: { user } });
  const stored = async (email: string) => {
    const [row] = await t.ctx.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    if (!row) return undefined;
    const links = await t.ctx.db.select().from(userMandators).where(eq(userMandators.userId, row.id));
    return { ...row, mandatorIds: links.map((link) => link.mandatorId).sort() };
  };

  beforeAll(async () => {
    t = await createTestApp({ SAML_PROVIDERS: samlProviders });
    own = (await seedMandator(t.ctx.db)).id;
    adminCookie = await signIn(t.ctx, await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
    clientAdminCookie = await signIn(
      t.ctx,
      await seedUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [own] }),
    );
  });
  afterAll(() => t.close());

  it('creates a user with a hashed password, a normalised phone and their mandators', async () => {
    const response = await create(adminCookie, {
      email: 'New.Person@x.test',
      firstname: 'Nina',
      lastname: 'Neu',
      phone: '0041 79 123 45 67',
      function: 'ropewayMechanic',
      role: 'ROLE_USER',
      mandators: [own, own],
      password: 'rope-secret-1',
      languageId: 'DES',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ user: { id: expect.any(Number), role: 'ROLE_USER' } });
    const row = await stored('new.person@x.test');
    expect(row).toMatchObject({
      id: body.user.id,
      firstname: 'Nina',
      phone: '+41791234567',
      roles: ['ROLE_USER'],
      languageId: 'DES',
      isActive: true,
      mandatorIds: [own],
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordChangedAt).toBeInstanceOf(Date);
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, body.user.id));
    expect(audit).toMatchObject({ action: 'user.create', targetType: 'user' });
    expect(JSON.stringify(audit!.details)).not.toContain('rope-secret-1');
  });

  it('answers 409 with the spec text when the email exists in any case', async () => {
    await seedUser(t.ctx.db, { email: 'taken@x.test' });
    const response = await create(adminCookie, { email: 'TAKEN@x.test', role: 'ROLE_USER', password: 'rope-secret-1' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: 'Specified email address is already used for different user. Use a different email.',
      key: 'app.errors.emailConflict',
    });
  });

  it('needs a role from those who may edit any user', async () => {
    const response = await create(adminCookie, { email: 'norole@x.test', password: 'rope-secret-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'user.role': 'A value needs to be selected for the field' });
    expect(await stored('norole@x.test')).toBeUndefined();
  });

  it('drops mandators for roles not bound to mandators', async () => {
    const response = await create(adminCookie, {
      email: 'pm-new@x.test',
      role: 'ROLE_PROJECT_MANAGER',
      mandators: [own],
      password: 'rope-secret-1',
    });
    expect(response.statusCode).toBe(200);
    expect((await stored('pm-new@x.test'))!.mandatorIds).toEqual([]);
  });

  it('counts a user without password as active only when marked or with two-factor', async () => {
    await create(adminCookie, { email: 'mail-login@x.test', role: 'ROLE_USER', loginMethod: 'email' });
    expect((await stored('mail-login@x.test'))!.isActive).toBe(false);
    await create(adminCookie, {
      email: 'mail-2fa@x.test',
      role: 'ROLE_USER',
      loginMethod: 'email',
      twoFactorMethod: 'email',
    });
    expect((await stored('mail-2fa@x.test'))!.isActive).toBe(true);
    await create(adminCookie, { email: 'marked@x.test', role: 'ROLE_USER', loginMethod: 'email', isActive: true });
    expect((await stored('marked@x.test'))!.isActive).toBe(true);
  });

  it('needs a SAML provider for single sign-on', async () => {
    const response = await create(adminCookie, { email: 'sso@x.test', role: 'ROLE_USER', loginMethod: 'saml' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      'user.samlProvider': 'A SAML provider needs to be selected for single sign-on',
    });
    const ok = await create(adminCookie, {
      email: 'sso@x.test',
      role: 'ROLE_USER',
      loginMethod: 'saml',
      samlProvider: 'corp',
    });
    expect(ok.statusCode).toBe(200);
    expect(await stored('sso@x.test')).toMatchObject({ loginMethod: 'saml', samlProvider: 'corp', passwordHash: null });
    const unknown = await create(adminCookie, {
      email: 'sso2@x.test',
      role: 'ROLE_USER',
      loginMethod: 'saml',
      samlProvider: 'nobody',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ 'user.samlProvider': 'Unknown SAML provider' });
  });

  it('lists the configured SAML providers by id and name only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/saml/providers',
      headers: { cookie: clientAdminCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ providers: [{ id: 'corp', name: 'Corp IdP' }] });
  });

  it('allows no-password only for client roles and email codes only to a personal address', async () => {
    const admin = await create(adminCookie, {
      email: 'nopw-admin@x.test',
      role: 'ROLE_ADMIN',
      loginMethod: 'no-password',
    });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().fields).toEqual({
      'user.loginMethod': 'This sign-in method is not available for this role or email address',
    });
    const shared = await create(adminCookie, { email: 'info@x.test', role: 'ROLE_USER', loginMethod: 'email' });
    expect(shared.statusCode).toBe(400);
    const client = await create(adminCookie, { email: 'nopw@x.test', role: 'ROLE_USER', loginMethod: 'no-password' });
    expect(client.statusCode).toBe(200);
    const api = await create(adminCookie, {
      email: 'api@x.test',
      role: 'ROLE_API_EXTERNAL',
      loginMethod: 'no-password',
    });
    expect(api.statusCode).toBe(200);
  });

  it('ignores ids, hashes and role lists a client sends', async () => {
    const response = await create(adminCookie, {
      email: 'sneaky@x.test',
      role: 'ROLE_USER',
      password: 'rope-secret-1',
      id: 999_999,
      roles: ['ROLE_ADMIN'],
      passwordHash: 'x',
      twoFactorSecret: 'ABC',
    });
    expect(response.statusCode).toBe(200);
    const row = await stored('sneaky@x.test');
    expect(row).toMatchObject({ roles: ['ROLE_USER'], twoFactorSecret: null });
    expect(row!.id).not.toBe(999_999);
  });
});
