import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin, queuedMails } from '../../../test/support/auth.ts';
import { seedUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

describe('account mails through the real routes, in the recipient’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://cockpit.example.com' });
  });
  afterAll(() => t.close());

  const mailsTo = async (email: string) => (await queuedMails(t.ctx.db)).filter((mail) => mail.to === email);

  it('mails a German user the password reset link in German', async () => {
    const user = await seedUser(t.ctx.db, { languageId: 'DES' });
    const response = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email: user.email } });
    expect(response.statusCode).toBe(200);
    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Setzen Sie Ihr Rope-Cockpit-Passwort zurück');
    expect(mail!.text).toContain('Um Ihr Rope-Cockpit-Passwort zurückzusetzen, wählen Sie hier ein neues:');
    expect(mail!.text).toContain(mail!.link!);
    expect(mail!.text).toContain('Der Link funktioniert einmal und 30 Minuten lang.');
  });

  it('mails a French newcomer the activation link in French, and an English user in English', async () => {
    const french = await seedUser(t.ctx.db, { languageId: 'FRS', isActive: false });
    const english = await seedUser(t.ctx.db, { languageId: 'ENU', isActive: false });
    for (const user of [french, english]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password?reason=activate',
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await mailsTo(french.email))[0]!.subject).toBe('Activez votre compte Rope Cockpit');
    expect((await mailsTo(english.email))[0]!.subject).toBe('Activate your Rope Cockpit account');
  });

  it('mails a Spanish user the sign-in code in Spanish', async () => {
    const user = await seedUser(t.ctx.db, { languageId: 'ESP', twoFactorMethod: 'email' });
    const response = await postLogin(t.app, user.email);
    expect(response.json()).toMatchObject({ twoFactorComplete: false, twoFactorMethod: 'email' });
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toMatch(/^Su código de inicio de sesión de Rope Cockpit: \d{6}$/);
    expect(mail!.text).toContain('Funciona una sola vez y durante 10 minutos.');
  });
});
