import { users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin } from '../test/support/auth.ts';
import { seedUser } from '../test/support/factories.ts';
import { captureLog } from '../test/support/log-capture.ts';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';
import { appSecret } from './infra/app-secret.ts';
import type { Mail } from './infra/mailer.ts';
import { redactUrl } from './logger.ts';
import { unsubscribeToken } from './mail/unsubscribe-link.ts';

describe('the log holds no secrets', () => {
  let t: TestApp;
  const { stream: logStream, logged } = captureLog();
  beforeAll(async () => {
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

describe('no token or code of a mail reaches the log, in embedded mode', () => {
  let t: TestApp;
  const { stream: logStream, logged } = captureLog();
  const sent: Mail[] = [];
  beforeAll(async () => {
    // Embedded mode: no SMTP_URL, so mails are .eml files in the outbox and the jobs run inline.
    t = await createTestApp({}, { logStream, processJobs: true });
    const send = t.ctx.mailer.send.bind(t.ctx.mailer);
    t.ctx.mailer.send = async (mail) => {
      sent.push(mail);
      await send(mail);
    };
  });
  afterAll(() => t.close());

  async function mailTo(email: string): Promise<Mail> {
    for (let i = 0; i < 200; i++) {
      const mail = sent.findLast((candidate) => candidate.to === email);
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no mail to ${email}`);
  }

  it('logs a reset, an activation, a sign-in link and a sign-in code without their token or code', async () => {
    const secrets: string[] = [];
    const active = await seedUser(t.ctx.db);
    await t.app.inject({ method: 'POST', url: '/api/reset-password?reason=reset', payload: { email: active.email } });
    const reset = /\/login\/reset\/([A-Za-z0-9]+)/.exec((await mailTo(active.email)).text)![1]!;
    secrets.push(reset);

    const fresh = await seedUser(t.ctx.db, { isActive: false, password: null });
    await t.app.inject({ method: 'POST', url: '/api/reset-password?reason=activate', payload: { email: fresh.email } });
    secrets.push(/\/login\/reset\/([A-Za-z0-9]+)/.exec((await mailTo(fresh.email)).text)![1]!);

    const linkUser = await seedUser(t.ctx.db, { password: null });
    await t.ctx.db.update(users).set({ loginMethod: 'no-password' }).where(eq(users.id, linkUser.id));
    await postLogin(t.app, linkUser.email, '');
    secrets.push(/\/api\/login\/link\/([A-Za-z0-9]+)/.exec((await mailTo(linkUser.email)).text)![1]!);

    const twoFactor = await seedUser(t.ctx.db, { twoFactorMethod: 'email' });
    await postLogin(t.app, twoFactor.email);
    secrets.push(/\b(\d{6})\b/.exec((await mailTo(twoFactor.email)).text)![1]!);

    // The logged token is the one that sets the password: it must not be there.
    const used = await t.app.inject({
      method: 'POST',
      url: `/api/reset-password/reset/${reset}`,
      payload: { password: 'Logged-Password-1!', passwordRepeat: 'Logged-Password-1!' },
    });
    expect(used.statusCode, used.body).toBeLessThan(300);

    expect(logged()).toContain('mail written to outbox');
    for (const secret of secrets) expect(logged()).not.toContain(secret);
    expect(logged()).not.toContain('Logged-Password-1!');
  });

  it('logs an unsubscribe without its token', async () => {
    const user = await seedUser(t.ctx.db);
    const token = unsubscribeToken(await appSecret(t.ctx), user.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/notification/unsubscribe/check',
      payload: { email: user.email, token },
    });
    await t.app.inject({ method: 'POST', url: '/api/notification/unsubscribe', payload: { email: user.email, token } });
    await t.app.inject({
      method: 'GET',
      url: `/notification/unsubscribe/${encodeURIComponent(user.email)}?token=${token}`,
    });
    await t.app.inject({ method: 'GET', url: `/api/notification/unsubscribe?email=x&token=${token}` });
    expect(logged()).toContain('request completed');
    expect(logged()).not.toContain(token);
  });
});
