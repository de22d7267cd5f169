import { users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApiKey, seedMandator, seedUser } from '../../../test/support/factories.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// That the user list is for those who manage users (403 for project managers and clients) is proven by
// authorization/matrix.test.ts.
describe('GET /api/users', () => {
  let t: TestApp;
  let mandatorA: { id: number; name: string };
  let mandatorB: { id: number; name: string };
  let adminCookie: string;
  let clientAdminCookie: string;
  const list = (cookie: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/users${query}`, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    mandatorA = await seedMandator(t.ctx.db, 'Alpha lifts');
    mandatorB = await seedMandator(t.ctx.db, 'Beta cables');
    const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'], email: 'list-admin@x.test' });
    const clientAdmin = await seedUser(t.ctx.db, {
      roles: ['ROLE_CLIENT_ADMIN'],
      mandatorIds: [mandatorA.id],
      email: 'list-ca@x.test',
    });
    await seedUser(t.ctx.db, { roles: ['ROLE_PROJECT_MANAGER'], email: 'list-pm@x.test' });
    await seedUser(t.ctx.db, { roles: ['ROLE_USER'], mandatorIds: [mandatorA.id], email: 'list-a@x.test' });
    await seedUser(t.ctx.db, {
      roles: ['ROLE_USER'],
      mandatorIds: [mandatorA.id, mandatorB.id],
      email: 'list-ab@x.test',
    });
    await seedUser(t.ctx.db, { roles: ['ROLE_USER'], mandatorIds: [mandatorB.id], email: 'list-b@x.test' });
    await seedUser(t.ctx.db, { roles: ['ROLE_FREE_USER'], mandatorIds: [mandatorA.id], email: 'list-free@x.test' });
    await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [mandatorA.id]);
    adminCookie = await signIn(t.ctx, admin);
    clientAdminCookie = await signIn(t.ctx, clientAdmin);
  });
  afterAll(() => t.close());

  it('shows an admin everyone but free users, sorted by email, with the list fields', async () => {
    const response = await list(adminCookie, '?search=list-');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.users.map((u: { email: string }) => u.email)).toEqual([
      'list-a@x.test',
      'list-ab@x.test',
      'list-admin@x.test',
      'list-b@x.test',
      'list-ca@x.test',
      'list-pm@x.test',
    ]);
    expect(body.total).toBe(6);
    expect(body.users[1]).toEqual({
      id: expect.any(Number),
      name: 'Test User',
      email: 'list-ab@x.test',
      role: 'ROLE_USER',
      roles: ['ROLE_USER'],
      mandators: [
        { id: mandatorA.id, name: 'Alpha lifts' },
        { id: mandatorB.id, name: 'Beta cables' },
      ],
      isActive: true,
      lastLoginAt: null,
    });
  });

  it('lists API accounts for admins', async () => {
    const body = (await list(adminCookie, '?page=1')).json();
    expect(body.users.some((u: { role: string }) => u.role === 'ROLE_API_IMPORT')).toBe(true);
  });

  it('adds free users only when an admin ticks "Show free users"', async () => {
    const withFree = (await list(adminCookie, '?search=list-&showFree=1')).json();
    expect(withFree.users.map((u: { email: string }) => u.email)).toContain('list-free@x.test');
    expect(withFree.total).toBe(7);
    const ignored = (await list(clientAdminCookie, '?showFree=1')).json();
    expect(ignored.users.map((u: { email: string }) => u.email)).not.toContain('list-free@x.test');
  });

  it('shows a client admin only client users of their mandators, and only those mandators', async () => {
    const response = await list(clientAdminCookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.users.map((u: { email: string }) => u.email)).toEqual([
      'list-a@x.test',
      'list-ab@x.test',
      'list-ca@x.test',
    ]);
    expect(body.total).toBe(3);
    const shared = body.users.find((u: { email: string }) => u.email === 'list-ab@x.test');
    expect(shared.mandators).toEqual([{ id: mandatorA.id, name: 'Alpha lifts' }]);
  });

  it('searches email, first and last name without case, with LIKE wildcards taken literally', async () => {
    const [target] = await t.ctx.db
      .update(users)
      .set({ firstname: 'Anna_Maria', lastname: 'Zürcher' })
      .where(eq(users.email, 'list-b@x.test'))
      .returning();
    const byLastname = (await list(adminCookie, `?search=${encodeURIComponent('zÜRCHER')}`)).json();
    expect(byLastname.users.map((u: { id: number }) => u.id)).toEqual([target!.id]);
    const byFullName = (await list(adminCookie, `?search=${encodeURIComponent('anna_maria zür')}`)).json();
    expect(byFullName.total).toBe(1);
    const underscore = (await list(adminCookie, '?search=_')).json();
    expect(underscore.users.map((u: { id: number }) => u.id)).toEqual([target!.id]);
    const percent = (await list(adminCookie, '?search=%25')).json();
    expect(percent.total).toBe(0);
    const byEmail = (await list(adminCookie, '?search=LIST-AB')).json();
    expect(byEmail.users.map((u: { email: string }) => u.email)).toEqual(['list-ab@x.test']);
  });

  it('pages 25 at a time from page 1', async () => {
    for (let i = 0; i < 27; i += 1) {
      await seedUser(t.ctx.db, { email: `page-${String(i).padStart(2, '0')}@x.test` });
    }
    const first = (await list(adminCookie, '?search=page-&page=1')).json();
    expect(first.users).toHaveLength(25);
    expect(first.total).toBe(27);
    expect(first.users[0].email).toBe('page-00@x.test');
    const second = (await list(adminCookie, '?search=page-&page=2')).json();
    expect(second.users.map((u: { email: string }) => u.email)).toEqual(['page-25@x.test', 'page-26@x.test']);
    expect((await list(adminCookie, '?page=0')).statusCode).toBe(400);
    expect((await list(adminCookie, '?page=abc')).statusCode).toBe(400);
    expect((await list(adminCookie, `?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('tells anyone not signed in so', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Not signed in',
      key: 'app.errors.notSignedIn',
    });
  });
});
