import { users, userTokens } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seedArea,
  seedInstallation,
  seedMandator,
  seedNotification,
  seedUser,
} from '../../../test/support/factories.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const BOM = '\uFEFF';

// That the downloads are for admins only (403 for client admins, 401 without a session) is proven by
// authorization/matrix.test.ts.
describe('user CSV downloads', () => {
  let t: TestApp;
  let adminCookie: string;
  const download = (cookie: string, kind: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/${kind}`, headers: { cookie } });
  const lines = (body: string) => body.slice(BOM.length).trimEnd().split('\r\n');

  beforeAll(async () => {
    t = await createTestApp();
    const mandator = await seedMandator(t.ctx.db, 'Zürich Bahnen');
    // The admin reads English (downloads without ?language= speak the user's own); Jörg, as the test world, German.
    const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'], email: 'a-admin@x.test', languageId: 'ENU' });
    adminCookie = await signIn(t.ctx, admin);
    const jorg = await seedUser(t.ctx.db, { email: 'b-jorg@x.test', mandatorIds: [mandator.id] });
    await t.ctx.db
      .update(users)
      .set({
        firstname: 'Jörg',
        lastname: '=HYPERLINK("http://evil")',
        phone: '+41791234567',
        lastLoginAt: new Date('2026-02-03T04:05:06Z'),
        notificationEnabled: false,
        unsubscribedAt: new Date('2026-01-01T00:00:00Z'),
      })
      .where(eq(users.id, jorg.id));
    const area = await seedArea(t.ctx.db, mandator.id);
    const installation = await seedInstallation(t.ctx.db, area.id);
    await seedNotification(t.ctx.db, {
      installationId: installation.id,
      areaId: area.id,
      deliveries: [
        { userId: jorg.id, channel: 'email' },
        { userId: jorg.id, channel: 'sms' },
      ],
    });
    const hour = 3600_000;
    const now = Date.now();
    await t.ctx.db.insert(userTokens).values([
      {
        userId: jorg.id,
        kind: 'reset',
        tokenHash: 'h-expired',
        createdAt: new Date('2026-01-05T10:00:00Z'),
        expiresAt: new Date('2026-01-05T10:30:00Z'),
      },
      {
        userId: jorg.id,
        kind: 'reset',
        tokenHash: 'h-used',
        expiresAt: new Date(now - hour),
        usedAt: new Date(now - 2 * hour),
      },
      { userId: jorg.id, kind: 'reset', tokenHash: 'h-open', expiresAt: new Date(now + hour) },
      { userId: jorg.id, kind: 'activate', tokenHash: 'h-activate', expiresAt: new Date(now - hour) },
    ]);
  });
  afterAll(() => t.close());

  const english = (kind: string) => download(adminCookie, `${kind}?timeZone=Pacific/Auckland`);
  const german = (kind: string) => download(adminCookie, `${kind}?language=de-DE&timeZone=Europe/Zurich`);

  it('sends the logins file as an attachment with a BOM, quoted and neutralised cells, times in the zone', async () => {
    const response = await english('logins');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-logins.csv"');
    expect(response.body.startsWith(BOM)).toBe(true);
    expect(lines(response.body)).toEqual([
      '"Email","Name","Role","Last login (Pacific/Auckland)","Active"',
      '"a-admin@x.test","Test User","Admin","","yes"',
      `"b-jorg@x.test","Jörg =HYPERLINK(""http://evil"")","Client","2026-02-03 17:05:06","yes"`,
    ]);
    expect(lines((await german('logins')).body)).toEqual([
      '"E-Mail";"Name";"Rolle";"Letzte Anmeldung (Europe/Zurich)";"Aktiv"',
      '"a-admin@x.test";"Test User";"Administrator";"";"ja"',
      `"b-jorg@x.test";"Jörg =HYPERLINK(""http://evil"")";"Kunde";"03.02.2026 05:05:06";"ja"`,
    ]);
  });

  it('sends the notifications file with the delivery count', async () => {
    const response = await english('notifications');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-notifications.csv"');
    expect(lines(response.body)).toEqual([
      '"Email","Name","Notifications enabled","Unsubscribed at (Pacific/Auckland)","Notifications sent"',
      '"a-admin@x.test","Test User","yes","","0"',
      `"b-jorg@x.test","Jörg =HYPERLINK(""http://evil"")","no","2026-01-01 13:00","2"`,
    ]);
    expect(lines((await german('notifications')).body)).toEqual([
      '"E-Mail";"Name";"Benachrichtigungen aktiviert";"Abgemeldet am (Europe/Zurich)";"Gesendete Benachrichtigungen"',
      '"a-admin@x.test";"Test User";"ja";"";"0"',
      `"b-jorg@x.test";"Jörg =HYPERLINK(""http://evil"")";"nein";"01.01.2026 01:00";"2"`,
    ]);
  });

  it('sends the user list with mandators, a readable phone number and a neutralised formula', async () => {
    const response = await english('list');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-list.csv"');
    expect(lines(response.body)[2]).toBe(
      `"b-jorg@x.test","Jörg","'=HYPERLINK(""http://evil"")","+41791234567","","Client","Zürich Bahnen","German","yes"`,
    );
    expect(lines((await german('list')).body)).toEqual([
      '"E-Mail";"Vorname";"Nachname";"Telefon";"Funktion";"Rolle";"Mandanten";"Sprache";"Aktiv"',
      '"a-admin@x.test";"Test";"User";"";"";"Administrator";"";"Englisch";"ja"',
      `"b-jorg@x.test";"Jörg";"'=HYPERLINK(""http://evil"")";"+41791234567";"";"Kunde";"Zürich Bahnen";"Deutsch";"ja"`,
    ]);
  });

  it('sends only reset links that expired unused', async () => {
    const response = await english('resets');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-resets.csv"');
    expect(lines(response.body)).toEqual([
      '"Email","Created (Pacific/Auckland)","Expired (Pacific/Auckland)"',
      '"b-jorg@x.test","2026-01-05 23:00","2026-01-05 23:30"',
    ]);
    expect(lines((await german('resets')).body)).toEqual([
      '"E-Mail";"Erstellt (Europe/Zurich)";"Abgelaufen (Europe/Zurich)"',
      '"b-jorg@x.test";"05.01.2026 11:00";"05.01.2026 11:30"',
    ]);
  });

  it("writes for the admin's own language when the link names none", async () => {
    const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'], email: 'c-french@x.test' });
    await t.ctx.db.update(users).set({ languageId: 'FRS' }).where(eq(users.id, admin.id));
    const response = await download(await signIn(t.ctx, admin), 'resets?timeZone=Europe/Paris');
    expect(lines(response.body)[0]).toBe('"E-mail";"Créée (Europe/Paris)";"Expirée (Europe/Paris)"');
    const refused = await download(adminCookie, 'resets?language=de');
    expect(refused.statusCode).toBe(400);
  });
});
