import { outbox, sessions, users, userTokens } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../../test/support/factories.ts';
import { signInWithPassword } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

type Method = 'POST' | 'PATCH';
const long = (n: number) => 'a'.repeat(n);
const raw = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });

/** Bodies no route may accept: wrong types, missing fields, over-long strings, prototype keys, non-objects. */
const CORPUS: [Method, string, Partial<InjectOptions>][] = [
  ['POST', '/api/login/json', { payload: {} }],
  ['POST', '/api/login/json', { payload: { username: 5, password: 'x' } }],
  ['POST', '/api/login/json', { payload: { username: ['a@b.ch'], password: 'x' } }],
  ['POST', '/api/login/json', { payload: { username: '', password: 'x' } }],
  ['POST', '/api/login/json', { payload: { username: `${long(300)}@b.ch`, password: 'x' } }],
  ['POST', '/api/login/json', { payload: { username: 'a@b.ch', password: long(201) } }],
  ['POST', '/api/login/json', { payload: { username: 'a@b.ch', password: 'x', live: 'yes' } }],
  ['POST', '/api/login/json', raw('{"username":"a@b.ch","password":"x","__proto__":{"isAdmin":true}}')],
  ['POST', '/api/login/json', raw('{"username":"a@b.ch","password":"x","constructor":{"prototype":{"x":1}}}')],
  ['POST', '/api/login/json', raw('{"username":')],
  ['POST', '/api/login/json', raw('[1,2]')],
  ['POST', '/api/login/2fa', { payload: { authCode: '123456' } }],
  ['POST', '/api/login/2fa', { payload: { data: { authCode: 123456 } } }],
  ['POST', '/api/login/2fa', { payload: { data: { authCode: long(17) } } }],
  ['POST', '/api/reset-password', { payload: {} }],
  ['POST', '/api/reset-password', { payload: { email: '' } }],
  ['POST', '/api/reset-password', { payload: { email: { $ne: null } } }],
  ['POST', '/api/reset-password', { payload: { email: `${long(260)}@b.ch` } }],
  ['POST', '/api/reset-password?reason=admin', { payload: { email: 'a@b.ch' } }],
  ['POST', '/api/reset-password', raw('{"email":"a@b.ch","__proto__":{"reason":"activate"}}')],
  ['POST', '/api/reset-password/reset/abcdefabcdefabcdef', { payload: {} }],
  ['POST', '/api/reset-password/reset/abcdefabcdefabcdef', { payload: { password: 12345678 } }],
  ['POST', '/api/reset-password/reset/abcdefabcdefabcdef', { payload: { password: long(201) } }],
  ['POST', '/api/notification/unsubscribe', { payload: { email: 'a@b.ch' } }],
  ['POST', '/api/notification/unsubscribe', { payload: { email: 'a@b.ch', token: long(129) } }],
  ['POST', '/api/notification/unsubscribe', { payload: { email: 7, token: 'abc' } }],
  ['PATCH', '/api/users/self', { payload: { languageId: 'de' } }],
  ['PATCH', '/api/users/self', { payload: { notificationEnabled: 'false' } }],
  ['PATCH', '/api/users/self', raw('{"__proto__":{"roles":["ROLE_ADMIN"]}}')],
  ['PATCH', '/api/users/self/2fa', { payload: {} }],
  ['PATCH', '/api/users/self/2fa', { payload: { twoFactorMethod: 'sms' } }],
  ['PATCH', '/api/users/self/2fa', { payload: { twoFactorMethod: 'authenticator', twoFactorSecret: long(100) } }],
  ['PATCH', '/api/users/self/2fa', { payload: { twoFactorMethod: 'authenticator', twoFactorAuthCode: [1] } }],
];

describe('bad input to the sign-in and account calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(CORPUS)('%s %s %j answers 4xx with an error body and changes nothing', async (method, url, options) => {
    const user = await seedUser(t.ctx.db, { email: 'a@b.ch' });
    const cookie = await signInWithPassword(t.app, user.email);
    const [before] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    const sessionsBefore = await t.ctx.db.select().from(sessions);
    const response = await t.app.inject({ method, url, ...options, headers: { ...options.headers, cookie } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const body = response.json();
    expect(typeof body.code).toBe('string');
    expect(typeof body.message).toBe('string');
    expect(body).not.toHaveProperty('stack');
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toEqual(before);
    expect(await t.ctx.db.select().from(sessions)).toEqual(sessionsBefore);
    expect(await t.ctx.db.select().from(userTokens)).toEqual([]);
    expect(await t.ctx.db.select().from(outbox)).toEqual([]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    await t.ctx.db.delete(users).where(eq(users.id, user.id));
  });
});
