import { mandators, users } from '@rope/db/schema/index';
import deMail from '@rope/web/locales/de-DE/mail.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin } from '../../../test/support/auth.ts';
import { seedMandator, seedUser } from '../../../test/support/factories.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

describe('account mails over SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ PUBLIC_URL: 'https://cockpit.example.com' }, { smtpUrl: smtp.url, processJobs: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const linkIn = (text: string) => /https:\/\/cockpit\.example\.com\/login\/reset\/([A-Za-z0-9]+)/.exec(text)?.[1];

  it('delivers a reset link that sets a new password', async () => {
    const user = await seedUser(t.ctx.db);
    await t.app.inject({ method: 'POST', url: '/api/reset-password?reason=reset', payload: { email: user.email } });
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe(deMail.reset.subject);
    const token = linkIn(mail.text)!;
    expect(token).toHaveLength(32);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/reset-password/reset/${token}`,
      payload: { password: 'fresh-password-7' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await postLogin(t.app, user.email, 'fresh-password-7')).statusCode).toBe(200);
  });

  it('delivers the renewal link when a password has expired', async () => {
    const mandator = await seedMandator(t.ctx.db);
    await t.ctx.db
      .update(mandators)
      .set({ settings: { passwordExpiryDays: 1 } })
      .where(eq(mandators.id, mandator.id));
    const user = await seedUser(t.ctx.db, { mandatorIds: [mandator.id] });
    await t.ctx.db
      .update(users)
      .set({ passwordChangedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(users.id, user.id));
    const response = await postLogin(t.app, user.email);
    expect(response.json().passwordExpired).toBe(true);
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe(deMail.expired.subject);
    expect(linkIn(mail.text)).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});
