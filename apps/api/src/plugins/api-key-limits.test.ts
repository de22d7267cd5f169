import { apiKeys } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedApiKey, seedMandator, seedUser } from '../../test/support/factories.ts';
import { deleteRedisKeys, redisUnreachable } from '../../test/support/notifications.ts';
import { signIn } from '../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisMissing = await redisUnreachable(redisUrl);
const LIMITS = { API_KEY_RATE_LIMIT: '3', API_KEY_RATE_WINDOW_SECONDS: '60' };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const areasWith = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ url: '/api/areas', headers, remoteAddress: '10.3.0.1' });

describe('calls with an API key, limited per key', () => {
  const opened: TestApp[] = [];
  afterAll(async () => {
    for (const t of opened) await t.close();
  });

  it('answers 429 in the error body with Retry-After past the limit, per key, and never limits a person', async () => {
    const t = await createTestApp({ ...LIMITS, REDIS_URL: '' });
    opened.push(t);
    const mandator = await seedMandator(t.ctx.db);
    const { key } = await seedApiKey(t.ctx.db, 'ROLE_API_EXTERNAL', [mandator.id]);
    const other = await seedApiKey(t.ctx.db, 'ROLE_API_EXTERNAL', [mandator.id]);
    const answers = [];
    for (let call = 0; call < 4; call += 1) answers.push(await areasWith(t, bearer(key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[0]!.headers['x-ratelimit-limit']).toBe('3');
    expect(answers[2]!.headers['x-ratelimit-remaining']).toBe('0');
    const refused = answers[3]!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      key: 'app.errors.apiKeyRateLimited',
      params: { seconds: Number(refused.headers['retry-after']) },
    });
    expect((await areasWith(t, bearer(other.key))).statusCode).toBe(200);

    const cookie = await signIn(t.ctx, await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
    const people = await Promise.all(Array.from({ length: 8 }, () => areasWith(t, { cookie })));
    expect(people.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(people[0]!.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('refuses an expired key and a revoked one with their own messages', async () => {
    const t = await createTestApp({ REDIS_URL: '' });
    opened.push(t);
    const mandator = await seedMandator(t.ctx.db);
    const { key, user } = await seedApiKey(t.ctx.db, 'ROLE_API_EXTERNAL', [mandator.id]);
    expect((await areasWith(t, bearer(key))).statusCode).toBe(200);
    await t.ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.userId, user.id));
    const expired = await areasWith(t, bearer(key));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'UNAUTHENTICATED', key: 'app.errors.apiKeyExpired' });
    await t.ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() + 60_000), revokedAt: new Date() })
      .where(eq(apiKeys.userId, user.id));
    expect((await areasWith(t, bearer(key))).json()).toMatchObject({ key: 'app.errors.invalidApiKey' });
  });

  it.skipIf(redisMissing)(
    `counts one key's calls across API processes through Redis ${redisMissing ?? ''}`,
    async () => {
      const prefix = `limits${process.pid}${Date.now()}`;
      const env = { ...LIMITS, REDIS_URL: redisUrl, QUEUE_PREFIX: prefix };
      const first = await createTestApp(env);
      opened.push(first);
      const mandator = await seedMandator(first.ctx.db);
      const { key } = await seedApiKey(first.ctx.db, 'ROLE_API_EXTERNAL', [mandator.id]);
      // A second process on the same database and Redis.
      const second = await createTestApp(env, { sharedDatabase: first.ctx.database });
      opened.push(second);
      const statuses = [];
      for (const t of [first, second, first, second]) statuses.push((await areasWith(t, bearer(key))).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      await deleteRedisKeys(redisUrl, prefix);
    },
  );
});
