import { throttleBuckets } from '@rope/db/schema/index';
import { THROTTLE } from '@rope/domain/auth/rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin } from '../../../test/support/auth.ts';
import { seedUser, TEST_PASSWORD } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const WINDOW_SECONDS = THROTTLE.windowMs / 1000;

describe('login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('locks an account after 5 failures with 429 and Retry-After, even for the right password', async () => {
    const user = await seedUser(t.ctx.db);
    for (let i = 0; i < THROTTLE.loginFailuresPerAccount; i++) {
      expect((await postLogin(t.app, user.email, `wrong-${i}-password`, { ip: '10.1.0.1' })).statusCode).toBe(401);
    }
    const locked = await postLogin(t.app, user.email, TEST_PASSWORD, { ip: '10.1.0.2' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Please try again later.',
      key: 'auth.messages.tooManyAttempts',
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    // The username is matched case-insensitively, so case games do not reset the count.
    expect((await postLogin(t.app, user.email.toUpperCase(), TEST_PASSWORD, { ip: '10.1.0.3' })).statusCode).toBe(429);
    // Another account from the same address is not affected.
    const other = await seedUser(t.ctx.db);
    expect((await postLogin(t.app, other.email, TEST_PASSWORD, { ip: '10.1.0.1' })).statusCode).toBe(200);
  });

  it('lets the account in again once the window has passed', async () => {
    const user = await seedUser(t.ctx.db);
    for (let i = 0; i < 6; i++) await postLogin(t.app, user.email, 'wrong-password-x', { ip: '10.2.0.1' });
    expect((await postLogin(t.app, user.email, TEST_PASSWORD, { ip: '10.2.0.1' })).statusCode).toBe(429);
    await t.ctx.db
      .update(throttleBuckets)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(sql`${throttleBuckets.key} like 'login:account:%'`);
    expect((await postLogin(t.app, user.email, TEST_PASSWORD, { ip: '10.2.0.1' })).statusCode).toBe(200);
  });

  it('clears the account count on success, so earlier failures do not add up', async () => {
    const user = await seedUser(t.ctx.db);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await postLogin(t.app, user.email, 'wrong-password-y', { ip: '10.3.0.1' });
      expect((await postLogin(t.app, user.email, TEST_PASSWORD, { ip: '10.3.0.1' })).statusCode).toBe(200);
    }
  });

  it('counts parallel attempts atomically: no more than 5 failures get judged', async () => {
    const user = await seedUser(t.ctx.db);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => postLogin(t.app, user.email, `parallel-wrong-${i}`, { ip: '10.7.0.1' })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(THROTTLE.loginFailuresPerAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - THROTTLE.loginFailuresPerAccount);
  });

  it('throttles unknown accounts the same way, so a 429 does not reveal an account', async () => {
    for (let i = 0; i < 5; i++) await postLogin(t.app, 'ghost@test.example', 'whatever-1', { ip: '10.4.0.1' });
    expect((await postLogin(t.app, 'ghost@test.example', 'whatever-1', { ip: '10.4.0.1' })).statusCode).toBe(429);
  });

  it('limits failures per address across accounts to 30 in the window', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < THROTTLE.loginFailuresPerIp; i++) {
      expect((await postLogin(t.app, `spray-${i}@test.example`, 'sprayed-password-1', { ip })).statusCode).toBe(401);
    }
    const user = await seedUser(t.ctx.db);
    const blocked = await postLogin(t.app, user.email, TEST_PASSWORD, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postLogin(t.app, user.email, TEST_PASSWORD, { ip: '10.5.0.2' })).statusCode).toBe(200);
  });

  it('does not count successful sign-ins against the address', async () => {
    const user = await seedUser(t.ctx.db);
    for (let i = 0; i < THROTTLE.loginFailuresPerIp + 5; i++) {
      expect((await postLogin(t.app, user.email, TEST_PASSWORD, { ip: '10.6.0.1' })).statusCode).toBe(200);
    }
  });

  it('keeps the counters in the database, hashed, so every API process shares them', async () => {
    const rows = await t.ctx.db.select().from(throttleBuckets);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).not.toContain('@');
  });
});
