import { apiKeys, auditLog } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedApiKey, seedMandator, seedUser } from '../../../test/support/factories.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { createTestApp } from '../../../test/support/test-app.ts';

const t = await createTestApp();
afterAll(() => t.close());
const mandator = await seedMandator(t.ctx.db);
const admin = await signIn(t.ctx, await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
const json = { 'content-type': 'application/json' };
const keysOf = (userId: number, cookie = admin) =>
  t.app.inject({ url: `/api/users/${userId}/api-keys`, headers: { cookie } });
const make = (userId: number, apiKey: object, cookie = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/${userId}/api-keys`,
    headers: { cookie, ...json },
    payload: JSON.stringify({ apiKey }),
  });
const revoke = (userId: number, keyId: number, cookie = admin) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/${userId}/api-keys/${keyId}`, headers: { cookie } });
const areasWith = (key: string) => t.app.inject({ url: '/api/areas', headers: { authorization: `Bearer ${key}` } });

describe('API keys, made and revoked by admins', () => {
  it('answers a new key once, keeps its hash, lists it by its prefix, and refuses it once revoked', async () => {
    const { user } = await seedApiKey(t.ctx.db, 'ROLE_API_EXTERNAL', [mandator.id]);
    const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const made = await make(user.id, { name: 'Maintenance system', expiresAt: end });
    expect(made.statusCode, made.body).toBe(200);
    const { apiKey, key } = made.json() as { apiKey: { id: number; prefix: string; expiresAt: string }; key: string };
    expect(key).toMatch(/^rc_[A-Za-z0-9_-]{40}$/);
    expect(apiKey).toMatchObject({ name: 'Maintenance system', prefix: key.slice(0, 12), revokedAt: null });
    expect(new Date(apiKey.expiresAt).toISOString()).toBe(end);
    const [stored] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(JSON.stringify(stored)).not.toContain(key);

    expect((await areasWith(key)).statusCode).toBe(200);
    const listed = (await keysOf(user.id)).json() as { apiKeys: { id: number; lastUsedAt: string | null }[] };
    expect(listed.apiKeys).toHaveLength(2);
    expect(listed.apiKeys[0]!.id).toBe(apiKey.id);
    expect(listed.apiKeys[0]!.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(key);

    expect((await revoke(user.id, apiKey.id)).statusCode).toBe(204);
    const refused = await areasWith(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ key: 'app.errors.invalidApiKey' });
    const after = (await keysOf(user.id)).json() as { apiKeys: { id: number; revokedAt: string | null }[] };
    expect(after.apiKeys.find((row) => row.id === apiKey.id)!.revokedAt).not.toBeNull();
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['apiKey.create', 'apiKey.revoke']);
  });

  it('makes keys for API users only, with an end in the future', async () => {
    const person = await seedUser(t.ctx.db, { mandatorIds: [mandator.id] });
    const refused = await make(person.id, { name: 'Not for people' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ key: 'app.errors.apiKeysForApiUsersOnly' });
    const { user } = await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [mandator.id]);
    const past = await make(user.id, { name: 'Ended', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldKeys['apiKey.expiresAt']).toEqual({ key: 'app.errors.apiKeyEndPast' });
    expect((await make(user.id, { name: ' ' })).statusCode).toBe(400);
    const keys = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(keys).toHaveLength(1);
  });

  it("answers another user's key like a missing one, and refuses anyone but admins in a session", async () => {
    const first = await seedApiKey(t.ctx.db, 'ROLE_API_EXTERNAL', [mandator.id]);
    const second = await seedApiKey(t.ctx.db, 'ROLE_API_EXTERNAL', [mandator.id]);
    const [secondKey] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, second.user.id));
    const foreign = await revoke(first.user.id, secondKey!.id);
    const missing = await revoke(first.user.id, 2_000_000_000);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await areasWith(second.key)).statusCode).toBe(200);

    const clientAdmin = await signIn(
      t.ctx,
      await seedUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [mandator.id] }),
    );
    expect((await keysOf(first.user.id, clientAdmin)).statusCode).toBe(403);
    expect((await make(first.user.id, { name: 'x' }, clientAdmin)).statusCode).toBe(403);
    const internal = await seedApiKey(t.ctx.db, 'ROLE_API_INTERNAL');
    const byKey = await t.app.inject({
      url: `/api/users/${first.user.id}/api-keys`,
      headers: { authorization: `Bearer ${internal.key}` },
    });
    expect(byKey.statusCode).toBe(403);
  });
});
