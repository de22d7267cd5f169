import { Writable } from 'node:stream';
import { users } from '@rope/db/schema/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('the log holds no secrets', () => {
  let t: TestApp;
  const lines: string[] = [];
  const logged = () => lines.join('');
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({}, { logStream });
  });
  afterAll(() => t.close());

  it('logs a failed statement without its bound parameters', async () => {
    const hash = '$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0c2FsdA$c2VjcmV0aGFzaHZhbHVl';
    const failure = await t.ctx.db
      .insert(users)
      .values({ email: 'x'.repeat(300), roles: ['ROLE_USER'], passwordHash: hash })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain(hash);
    t.ctx.log.error({ err: failure }, 'request failed');
    expect(logged()).toContain('request failed');
    expect(logged()).toContain('insert into');
    expect(logged()).not.toContain('c2VjcmV0aGFzaHZhbHVl');
    expect(logged()).not.toContain('xxxxxxxxxx');
  });

  it('logs request URLs without reset, sign-in link or unsubscribe tokens', async () => {
    const token = 'Zk3q9TbV0cXh2LmN8rPw4sYd';
    await t.app.inject({ method: 'GET', url: `/api/login/link/${token}` });
    await t.app.inject({
      method: 'POST',
      url: `/api/reset-password/reset/${token}`,
      payload: { password: 'Secret-Password-1!', passwordRepeat: 'Secret-Password-1!' },
    });
    await t.app.inject({ method: 'GET', url: `/login/reset/${token}` });
    await t.app.inject({ method: 'GET', url: `/notification/unsubscribe/someone%40example.com?token=${token}` });
    expect(logged()).toContain('/api/login/link/[redacted]');
    expect(logged()).toContain('/api/reset-password/reset/[redacted]');
    expect(logged()).not.toContain(token);
    expect(logged()).not.toContain('someone%40example.com');
    expect(logged()).not.toContain('Secret-Password-1!');
  });

  it('redacts the secret parts of a URL and keeps the rest', () => {
    expect(redactUrl('/api/areas?showAsUser=3')).toBe('/api/areas?showAsUser=3');
    expect(redactUrl('/login/reset/abc?x=1')).toBe('/login/reset/[redacted]?x=1');
    expect(redactUrl('/x?a=1&token=abc&b=2')).toBe('/x?a=1&token=[redacted]&b=2');
  });
});
