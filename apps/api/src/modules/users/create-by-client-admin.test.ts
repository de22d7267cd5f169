import { userMandators, users } from '@rope/db/schema/index';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMandator, seedUser } from '../../../test/support/factories.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

describe('POST /api/users by a client admin', () => {
  let t: TestApp;
  let own: number;
  let foreign: number;
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
    t = await createTestApp();
    own = (await seedMandator(t.ctx.db)).id;
    foreign = (await seedMandator(t.ctx.db)).id;
    clientAdminCookie = await signIn(
      t.ctx,
      await seedUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [own] }),
    );
  });
  afterAll(() => t.close());

  it('creates clients in their own mandators, role Client by default', async () => {
    const response = await create(clientAdminCookie, {
      email: 'ca-made@x.test',
      mandators: [own],
      password: 'rope-secret-1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('ROLE_USER');
    expect((await stored('ca-made@x.test'))!.mandatorIds).toEqual([own]);
    const clientAdmin = await create(clientAdminCookie, {
      email: 'ca-made-2@x.test',
      role: 'ROLE_CLIENT_ADMIN',
      mandators: [own],
      password: 'rope-secret-1',
    });
    expect(clientAdmin.statusCode).toBe(200);
  });

  it.each(['ROLE_ADMIN', 'ROLE_PROJECT_MANAGER', 'ROLE_API_INTERNAL', 'ROLE_API_IMPORT'])(
    'may not give %s',
    async (role) => {
      const email = `ca-${role.toLowerCase()}@x.test`;
      const response = await create(clientAdminCookie, { email, role, mandators: [own], password: 'rope-secret-1' });
      expect(response.statusCode).toBe(403);
      expect(response.json().fields).toEqual({ 'user.role': 'You are not allowed to give this role' });
      expect(await stored(email)).toBeUndefined();
    },
  );

  it('must name mandators, and only their own', async () => {
    const none = await create(clientAdminCookie, { email: 'ca-none@x.test', password: 'rope-secret-1' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ 'user.mandators': 'A value needs to be provided for the field' });
    const other = await create(clientAdminCookie, {
      email: 'ca-foreign@x.test',
      mandators: [own, foreign],
      password: 'rope-secret-1',
    });
    const missing = await create(clientAdminCookie, {
      email: 'ca-foreign@x.test',
      mandators: [own, 987_654],
      password: 'rope-secret-1',
    });
    expect(other.statusCode).toBe(400);
    // A foreign mandator is refused exactly like one that does not exist.
    expect(other.json()).toEqual(missing.json());
    expect(await stored('ca-foreign@x.test')).toBeUndefined();
  });

  it('refuses people who do not manage users', async () => {
    const client = await seedUser(t.ctx.db, { roles: ['ROLE_USER'], mandatorIds: [own] });
    const response = await create(await signIn(t.ctx, client), {
      email: 'by-client@x.test',
      mandators: [own],
      password: 'rope-secret-1',
    });
    expect(response.statusCode).toBe(403);
    expect(await stored('by-client@x.test')).toBeUndefined();
  });
});
