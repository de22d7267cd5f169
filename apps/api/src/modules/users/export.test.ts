import { users, userTokens } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createArea,
  createInstallation,
  createMandator,
  createNotification,
  createUser,
} from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const BOM = '\uFEFF';

describe('user CSV downloads', () => {
  let t: TestApp;
  let adminCookie: string;
  const download = (cookie: string, kind: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/${kind}`, headers: { cookie } });
  const lines = (body: string) => body.slice(BOM.length).trimEnd().split('\r\n');

  beforeAll(async () => {
    t = await createTestApp();
    const mandator = await createMandator(t.ctx.db, 'Zürich Bahnen');
    adminCookie = await signIn(t.ctx, await createUser(t.ctx.db, { roles: ['ROLE_ADMIN'], email: 'a-admin@x.test' }));
    const jorg = await createUser(t.ctx.db, { email: 'b-jorg@x.test', mandatorIds: [mandator.id] });
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
    const area = await createArea(t.ctx.db, mandator.id);
    const installation = await createInstallation(t.ctx.db, area.id);
    await createNotification(t.ctx.db, {
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

  it('sends the logins file as an attachment with a BOM, quoted and neutralised cells', async () => {
    const response = await download(adminCookie, 'logins');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-logins.csv"');
    expect(response.body.startsWith(BOM)).toBe(true);
    expect(lines(response.body)).toEqual([
      '"Email","Name","Role","Last login","Active"',
      '"a-admin@x.test","Test User","Admin","","yes"',
      `"b-jorg@x.test","Jörg =HYPERLINK(""http://evil"")","Client","2026-02-03T04:05:06.000Z","yes"`,
    ]);
  });

  it('sends the notifications file with the delivery count', async () => {
    const response = await download(adminCookie, 'notifications');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-notifications.csv"');
    expect(lines(response.body)).toEqual([
      '"Email","Name","Notifications enabled","Unsubscribed at","Notifications sent"',
      '"a-admin@x.test","Test User","yes","","0"',
      `"b-jorg@x.test","Jörg =HYPERLINK(""http://evil"")","no","2026-01-01T00:00:00.000Z","2"`,
    ]);
  });

  it('sends the user list with mandators and a neutralised formula', async () => {
    const response = await download(adminCookie, 'list');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-list.csv"');
    expect(lines(response.body)[2]).toBe(
      `"b-jorg@x.test","Jörg","'=HYPERLINK(""http://evil"")","'+41791234567","","Client","Zürich Bahnen","DES","yes"`,
    );
  });

  it('sends only reset links that expired unused', async () => {
    const response = await download(adminCookie, 'resets');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-resets.csv"');
    expect(lines(response.body)).toEqual([
      '"Email","Created","Expired"',
      '"b-jorg@x.test","2026-01-05T10:00:00.000Z","2026-01-05T10:30:00.000Z"',
    ]);
  });

  it.each(['logins', 'notifications', 'list', 'resets'])('keeps %s for admins', async (kind) => {
    const clientAdmin = await createUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [] });
    const response = await download(await signIn(t.ctx, clientAdmin), kind);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('b-jorg');
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${kind}` })).statusCode).toBe(401);
  });
});
