import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkLogin } from '../../../test/support/auth.ts';
import { seedUser } from '../../../test/support/factories.ts';
import { signInWithPassword } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const MINUTE = 60_000;

/** The session ends, on a clock the test moves: only `Date` is faked, so the database and the sockets run as ever. */
describe('session expiry on a controlled clock', () => {
  let t: TestApp;
  let now: number;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const startClock = () => {
    now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
  };
  const advance = (ms: number) => {
    now += ms;
    vi.setSystemTime(now);
  };
  const status = async (cookie: string) => (await checkLogin(t.app, cookie)).statusCode;

  it('ends a session after 30 idle minutes, and each request starts the 30 minutes again', async () => {
    const user = await seedUser(t.ctx.db);
    startClock();
    const cookie = await signInWithPassword(t.app, user.email);
    advance(29 * MINUTE);
    expect(await status(cookie)).toBe(200);
    advance(29 * MINUTE);
    expect(await status(cookie), '58 minutes after sign-in, 29 after the last request').toBe(200);
    advance(30 * MINUTE + 1000);
    expect(await status(cookie)).toBe(401);
  });

  it('ends a session 12 hours after sign-in however active its user is', async () => {
    const user = await seedUser(t.ctx.db);
    startClock();
    const signedInAt = now;
    const cookie = await signInWithPassword(t.app, user.email);
    for (let elapsed = 0; elapsed < 12 * 60 - 25; elapsed += 25) {
      advance(25 * MINUTE);
      expect(await status(cookie), `${elapsed + 25} minutes after sign-in`).toBe(200);
    }
    advance(signedInAt + 12 * 60 * MINUTE - 1000 - now);
    expect(await status(cookie), 'a second before the end').toBe(200);
    advance(2000);
    expect(await status(cookie)).toBe(401);
  });
});
