import { installations } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApiKey, seedUser } from '../../../test/support/factories.ts';
import { buildPlace } from '../../../test/support/notifications.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Who may change settings and mute, and that a foreign or missing installation or rope answers 404, is proven by
// authorization/matrix.test.ts and foreign-like-missing.test.ts.
describe('notification settings and status', () => {
  let t: TestApp;
  let own: Awaited<ReturnType<typeof buildPlace>>;
  let foreign: Awaited<ReturnType<typeof buildPlace>>;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const call = (who: string, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: cookies[who] ?? '' },
      ...(payload ? { payload } : {}),
    });
  const settings = (extra: object = {}) => ({
    notificationSettings: {
      channels: ['email'],
      users: [ids.client],
      rules: [{ type: 'ropeHealth', threshold: 40, reset: true }, { type: 'damage' }],
      ...extra,
    },
  });

  beforeAll(async () => {
    t = await createTestApp();
    own = await buildPlace(t);
    foreign = await buildPlace(t);
    for (const [name, person] of [
      ['clientAdmin', await own.person(['ROLE_CLIENT_ADMIN'])],
      ['client', await own.person(['ROLE_USER'])],
      ['free', await own.person(['ROLE_FREE_USER'])],
      ['foreignAdmin', await foreign.person(['ROLE_CLIENT_ADMIN'])],
      ['foreign', await foreign.person(['ROLE_USER'])],
      ['admin', await own.person(['ROLE_ADMIN'], [])],
    ] as const) {
      cookies[name] = person.cookie;
      ids[name] = person.id;
    }
  });
  afterAll(() => t.close());

  it('saves settings for AREA_PARTIAL_EDIT, dropping rules without a type', async () => {
    const payload = settings({ rules: [{ type: 'ropeHealth', threshold: 40 }, { threshold: 3 }, {}] });
    const response = await call('clientAdmin', 'PATCH', `/installations/${own.installation.id}/notification-setting`, {
      notificationSettings: { ...payload.notificationSettings, users: [ids.client, ids.admin, ids.client] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().notificationSettings).toEqual({
      channels: ['email'],
      users: [ids.client, ids.admin],
      rules: [{ type: 'ropeHealth', threshold: 40, reset: true }],
    });
    const view = (await call('client', 'GET', `/installations/${own.installation.id}`)).json().installation;
    expect(view.notificationSettings.rules).toHaveLength(1);
  });

  it('refuses recipients who do not see the installation: other mandators, API accounts, unknown ids', async () => {
    const apiAccount = await seedApiKey(t.ctx.db, 'ROLE_API_INTERNAL');
    const stranger = await seedUser(t.ctx.db, { mandatorIds: [foreign.mandator.id] });
    for (const userId of [stranger.id, apiAccount.user.id, 987654]) {
      const response = await call(
        'clientAdmin',
        'PATCH',
        `/installations/${own.installation.id}/notification-setting`,
        settings({ users: [ids.client, userId] }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.users).toContain(String(userId));
    }
  });

  it('deletes the settings', async () => {
    const url = `/installations/${own.installation.id}/notification-setting`;
    expect((await call('clientAdmin', 'PATCH', url, settings())).statusCode).toBe(200);
    expect((await call('clientAdmin', 'DELETE', url)).statusCode).toBe(204);
    const [row] = await t.ctx.db.select().from(installations).where(eq(installations.id, own.installation.id));
    expect(row!.notificationSettings).toBeNull();
  });

  it('mutes and unmutes on the installation and on a rope, for DOMAIN_WRITE only', async () => {
    const status = {
      notificationStatus: [
        { type: 'ropeHealth', isEnabled: false },
        { type: 'damage', isEnabled: true },
      ],
    };
    const installationUrl = `/installations/${own.installation.id}/notification-status`;
    const ropeUrl = `/ropes/${own.rope.id}/notification-status`;
    expect((await call('client', 'PUT', installationUrl, status)).json()).toEqual(status);
    expect((await call('client', 'PUT', ropeUrl, status)).json()).toEqual(status);
    expect((await call('client', 'GET', `/ropes/${own.rope.id}`)).json().rope.notificationStatus).toEqual(
      status.notificationStatus,
    );
    const twice = {
      notificationStatus: [
        { type: 'damage', isEnabled: false },
        { type: 'damage', isEnabled: true },
      ],
    };
    const refused = await call('client', 'PUT', installationUrl, twice);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields['notificationStatus.1.type']).toBe('Non unique type');
    expect(
      (await call('client', 'PUT', ropeUrl, { notificationStatus: [{ type: 'x', isEnabled: 1 }] })).statusCode,
    ).toBe(400);
    expect((await call('client', 'PUT', ropeUrl, {})).statusCode).toBe(400);
  });
});
