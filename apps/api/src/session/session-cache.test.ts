import { type Database, openDatabase } from '@rope/db/client';
import { sessions } from '@rope/db/schema/index';
import { createTestDatabase } from '@rope/db/test-database';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkLogin } from '../../test/support/auth.ts';
import { seedMandator, seedUser } from '../../test/support/factories.ts';
import { redisUnreachable } from '../../test/support/notifications.ts';
import { signIn, signInWithPassword } from '../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import { buildApp } from '../app.ts';
import { closeContext, createContext } from '../context.ts';
import { parseEnv } from '../env.ts';
import { sha256 } from '../infra/crypto.ts';
import { createLogger } from '../logger.ts';
import { findSessionUser } from './find-session-user.ts';
import { createSessionCache, SESSION_CACHE_MS } from './session-cache.ts';
import { SESSION_COOKIE } from './session-store.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisMissing = await redisUnreachable(REDIS_URL);

describe('the session cache itself', () => {
  const found = (id: number) => ({ session: { userId: id }, user: { id }, mandatorIds: [] }) as never;

  it('keeps an entry for SESSION_CACHE_MS, and forgets one or all on request', () => {
    const cache = createSessionCache();
    cache.set('a', found(1), 1_000);
    cache.set('b', found(2), 1_000);
    expect(cache.get('a', 1_000 + SESSION_CACHE_MS - 1)).toEqual(found(1));
    expect(cache.get('a', 1_000 + SESSION_CACHE_MS)).toBeUndefined();
    cache.forget('b');
    expect(cache.get('b', 1_001)).toBeUndefined();
    cache.set('c', found(3), 5_000);
    cache.forgetAll();
    expect(cache.get('c', 5_001)).toBeUndefined();
  });
});

describe('a session asked for while it is being read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const tokenOf = async () => (await signIn(t.ctx, await seedUser(t.ctx.db))).split('=')[1]!;

  it('is read once for a burst of calls: each call gets what that one read found', async () => {
    const cache = createSessionCache();
    const token = await tokenOf();
    const burst = await Promise.all(Array.from({ length: 9 }, () => findSessionUser(t.ctx.db, token, cache)));
    expect(burst[0]?.user.id).toBeGreaterThan(0);
    // Separate reads would each have made their own rows.
    for (const found of burst) expect(found).toBe(burst[0]);
    expect(cache.reading(sha256(token))).toBeUndefined();
    expect(cache.get(sha256(token), Date.now())).toBe(burst[0]);
  });

  it('is read afresh after a change forgot it, and what the earlier read found is not kept', async () => {
    const cache = createSessionCache();
    const token = await tokenOf();
    const before = findSessionUser(t.ctx.db, token, cache);
    cache.forget(sha256(token));
    const after = findSessionUser(t.ctx.db, token, cache);
    expect(await after).not.toBe(await before);
    expect(cache.get(sha256(token), Date.now())).toBe(await after);

    cache.forgetAll();
    const during = findSessionUser(t.ctx.db, token, cache);
    // A sign-out or a change of people while it is read.
    cache.forgetAll();
    expect(await during).toBeDefined();
    expect(cache.get(sha256(token), Date.now())).toBeUndefined();
  });
});

describe('sessions read a moment ago, in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());
  const status = async (cookie: string) => (await checkLogin(t.app, cookie)).statusCode;

  it('refuses a cookie at once after its sign-out, though it was read a moment before', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signInWithPassword(t.app, user.email);
    expect(await status(cookie)).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } })).statusCode).toBe(204);
    expect(await status(cookie)).toBe(401);
  });

  it('ends a session at once when an admin changes the role or deactivates the person', async () => {
    const mandator = await seedMandator(t.ctx.db);
    const adminCookie = await signIn(t.ctx, await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
    for (const change of [{ role: 'ROLE_CLIENT_ADMIN' }, { isActive: false }]) {
      const user = await seedUser(t.ctx.db, { mandatorIds: [mandator.id] });
      const cookie = await signIn(t.ctx, user);
      expect(await status(cookie)).toBe(200);
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        headers: { cookie: adminCookie },
        payload: { user: change },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(await status(cookie), JSON.stringify(change)).toBe(401);
    }
  });

  it("answers a person's own change of language at once", async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signIn(t.ctx, user);
    const languageOf = async () => (await checkLogin(t.app, cookie)).json().user.languageId;
    expect(await languageOf()).not.toBe('FRS');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/self',
      headers: { cookie },
      payload: { languageId: 'FRS' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(await languageOf()).toBe('FRS');
  });

  it('refuses a session removed behind its back within SESSION_CACHE_MS', async () => {
    const user = await seedUser(t.ctx.db);
    const cookie = await signIn(t.ctx, user);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    expect(await status(cookie)).toBe(200);
    await t.ctx.db.delete(sessions).where(eq(sessions.idHash, sha256(cookie.slice(`${SESSION_COOKIE}=`.length))));
    vi.setSystemTime(now + SESSION_CACHE_MS);
    expect(await status(cookie)).toBe(401);
  });
});

const twoProcessesMissing = redisMissing ?? (process.env.DATABASE_URL ? '' : 'needs DATABASE_URL, a PostgreSQL server');

describe.skipIf(Boolean(twoProcessesMissing))(
  `sessions read a moment ago, in two processes${twoProcessesMissing && ` (skipped: ${twoProcessesMissing})`}`,
  () => {
    it('refuses a cookie on the other process well within SESSION_CACHE_MS after its sign-out', async () => {
      const shared = await createTestDatabase();
      const open = async (database: Database) => {
        const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp', LOG_LEVEL: 'silent', REDIS_URL });
        const ctx = await createContext(env, createLogger({ LOG_LEVEL: 'silent' }), { database });
        const app = await buildApp(ctx);
        await app.ready();
        return { app, ctx };
      };
      const first = await open(shared);
      const second = await open(await openDatabase({ url: shared.url! }));
      try {
        const user = await seedUser(first.ctx.db);
        const cookie = await signInWithPassword(first.app, user.email);
        // Redis takes the second process's subscription a moment after it starts.
        await expect.poll(async () => (await checkLogin(second.app, cookie)).statusCode).toBe(200);
        await first.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
        const signedOutAt = Date.now();
        await expect
          .poll(async () => (await checkLogin(second.app, cookie)).statusCode, { interval: 20, timeout: 5_000 })
          .toBe(401);
        expect(Date.now() - signedOutAt).toBeLessThan(SESSION_CACHE_MS / 2);
      } finally {
        for (const { app, ctx } of [second, first]) {
          await app.close();
          await closeContext(ctx);
        }
      }
    });
  },
);
