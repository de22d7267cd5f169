import { appMeta, users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { appSecret } from '../../infra/app-secret.ts';
import { unsubscribeLink, unsubscribeToken } from '../../mail/unsubscribe-link.ts';

const NEUTRAL = {
  message: 'If this address receives notifications, it will not receive them any more.',
  key: 'auth.messages.unsubscribed',
};

describe('POST /api/notification/unsubscribe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://cockpit.example.com' });
  });
  afterAll(() => t.close());

  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/notification/unsubscribe', payload: payload as object });
  const tokenFor = async (email: string) => unsubscribeToken(await appSecret(t.ctx), email);

  it('computes the token as HMAC-SHA256 of the lowercased address', () => {
    expect(unsubscribeToken('key', 'Anna@Example.com')).toBe(unsubscribeToken('key', 'anna@example.com'));
    // HMAC-SHA256('key', 'the quick brown fox jumps over the lazy dog'): the input is lowercased first.
    expect(unsubscribeToken('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      '7486bd70e6574a2755b8ea4daeb283de65da7e6b055453807d1572d72599cfef',
    );
    expect(unsubscribeToken('other key', 'a@b.ch')).not.toBe(unsubscribeToken('key', 'a@b.ch'));
  });

  it('keeps a generated secret in app_meta when APP_SECRET is unset', async () => {
    const secret = await appSecret(t.ctx);
    const [row] = await t.ctx.db.select().from(appMeta).where(eq(appMeta.key, 'secret'));
    expect(row!.value).toEqual({ value: secret });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('builds the link of the web view with the address encoded', async () => {
    const link = await unsubscribeLink(t.ctx, 'anna+ropes@test.example');
    expect(link).toBe(
      `https://cockpit.example.com/notification/unsubscribe/anna%2Bropes%40test.example?token=${await tokenFor('anna+ropes@test.example')}`,
    );
  });

  it('switches notifications off for a valid link and answers neutrally', async () => {
    const user = await seedUser(t.ctx.db, { email: 'Mixed.Case@test.example' });
    const response = await post({ email: 'mixed.case@test.example', token: await tokenFor(user.email) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(NEUTRAL);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.notificationEnabled).toBe(false);
    expect(Date.now() - row!.unsubscribedAt!.getTime()).toBeLessThan(60_000);
    // Twice is fine, and the first date stays.
    expect((await post({ email: user.email, token: await tokenFor(user.email) })).json()).toEqual(NEUTRAL);
    const [again] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(again!.unsubscribedAt).toEqual(row!.unsubscribedAt);
  });

  it('answers the same for an address nobody has', async () => {
    const response = await post({ email: 'nobody@test.example', token: await tokenFor('nobody@test.example') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(NEUTRAL);
  });

  it('refuses a wrong or malformed token with 400 and changes nothing', async () => {
    const user = await seedUser(t.ctx.db);
    const other = await tokenFor('someone-else@test.example');
    for (const token of [other, 'f'.repeat(64), 'xyz', '', (await tokenFor(user.email)).slice(0, 63)]) {
      const response = await post({ email: user.email, token });
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message: 'The link is invalid' });
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ notificationEnabled: true, unsubscribedAt: null });
  });
});

describe('unsubscribe link check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells the page at once whether its link is one of ours, the same for any address, changing nothing', async () => {
    const check = async (payload: { email: string; token: string }) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/notification/unsubscribe/check', payload });
      expect(response.statusCode).toBe(200);
      return response.json().valid as boolean;
    };
    const user = await seedUser(t.ctx.db);
    const token = unsubscribeToken(await appSecret(t.ctx), user.email);
    expect(await check({ email: user.email, token })).toBe(true);
    const nobody = 'nobody@test.example';
    expect(await check({ email: nobody, token: unsubscribeToken(await appSecret(t.ctx), nobody) })).toBe(true);
    for (const wrong of ['', 'xyz', 'f'.repeat(64), token.slice(0, 63)]) {
      expect(await check({ email: user.email, token: wrong }), wrong).toBe(false);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ notificationEnabled: true, unsubscribedAt: null });
  });
});

describe('unsubscribe with APP_SECRET set', () => {
  it('uses the configured secret, so links stay valid across databases', async () => {
    const secret = 's'.repeat(40);
    const t = await createTestApp({ APP_SECRET: secret });
    try {
      const user = await seedUser(t.ctx.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/notification/unsubscribe',
        payload: { email: user.email, token: unsubscribeToken(secret, user.email) },
      });
      expect(response.statusCode).toBe(200);
      expect(await t.ctx.db.select().from(appMeta).where(eq(appMeta.key, 'secret'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
