import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNotification, seedRope } from '../../../test/support/factories.ts';
import { buildPlace } from '../../../test/support/notifications.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// That another mandator's installation notifications answer 404 is proven by authorization/matrix.test.ts.
describe('notification lists', () => {
  let t: TestApp;
  let own: Awaited<ReturnType<typeof buildPlace>>;
  let foreign: Awaited<ReturnType<typeof buildPlace>>;
  const cookies: Record<string, string> = {};

  const call = (who: string, url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie: cookies[who] ?? '' } });

  beforeAll(async () => {
    t = await createTestApp();
    own = await buildPlace(t);
    foreign = await buildPlace(t);
    cookies.client = (await own.person(['ROLE_USER'])).cookie;
    cookies.foreign = (await foreign.person(['ROLE_USER'])).cookie;
    cookies.admin = (await own.person(['ROLE_ADMIN'], [])).cookie;
  });
  afterAll(() => t.close());

  it('lists an installation’s notifications newest first, with the row limits 10, 20, 50, 100', async () => {
    const place = { installationId: own.installation.id, areaId: own.area.id };
    const second = await seedRope(t.ctx.db, own.installation.id, 'Track rope');
    for (let n = 0; n < 25; n += 1) {
      await seedNotification(t.ctx.db, {
        ...place,
        ropeId: n === 24 ? null : n % 2 ? second.id : own.rope.id,
        text: `Notification ${n}`,
        triggeredAt: new Date(Date.UTC(2026, 0, 1 + n)),
      });
    }
    await seedNotification(t.ctx.db, {
      installationId: foreign.installation.id,
      areaId: foreign.area.id,
      ropeId: foreign.rope.id,
      type: 'ropeHealth',
      threshold: 40,
      text: 'Foreign',
    });
    const list = (query = '') => call('client', `/installations/${own.installation.id}/notifications${query}`);
    const first = (await list()).json().notifications;
    expect(first).toHaveLength(10);
    expect(first[0]).toEqual({
      id: expect.any(Number),
      triggeredAt: '2026-01-25T00:00:00.000Z',
      type: 'damage',
      threshold: null,
      installation: { id: own.installation.id, name: 'Gondola Zermatt' },
      area: { id: own.area.id },
      rope: null,
      text: 'Notification 24',
    });
    expect(first[1].rope).toEqual({ id: second.id, name: 'Track rope' });
    expect(first[2].rope).toEqual({ id: own.rope.id, name: 'Haul rope' });
    expect((await list('?limit=20')).json().notifications).toHaveLength(20);
    expect((await list('?limit=100')).json().notifications).toHaveLength(25);
    for (const bad of ['?limit=15', '?limit=0', '?limit=abc', '?limit=1000'])
      expect((await list(bad)).statusCode).toBe(400);
    expect((await call('', `/installations/${own.installation.id}/notifications`)).statusCode).toBe(401);
  });

  it('lists every notification the viewer sees, and nothing of other mandators', async () => {
    const mine = (await call('client', '/notifications?limit=100')).json().notifications;
    expect(mine.length).toBeGreaterThanOrEqual(25);
    expect(mine.every((entry: { area: { id: number } }) => entry.area.id === own.area.id)).toBe(true);
    const theirs = (await call('foreign', '/notifications')).json().notifications;
    expect(theirs.map((entry: { text: string }) => entry.text)).toEqual(['Foreign']);
    const admin = (await call('admin', '/notifications?limit=50')).json().notifications;
    expect(admin.some((entry: { text: string }) => entry.text === 'Foreign')).toBe(true);
    expect((await call('client', '/notifications?limit=7')).statusCode).toBe(400);
    expect((await call('', '/notifications')).statusCode).toBe(401);
  });

  it('words each notification in the language the reader asks for (Accept-Language)', async () => {
    const place = await buildPlace(t);
    const reader = await place.person(['ROLE_USER']);
    await seedNotification(t.ctx.db, {
      installationId: place.installation.id,
      areaId: place.area.id,
      ropeId: place.rope.id,
      type: 'taskDue',
      text: "Task 'Splice check' on rope 'Haul rope' of Gondola Zermatt is due since 11/28/2026 (Europe/Zurich)",
      details: {
        type: 'taskDue',
        installationName: 'Gondola Zermatt',
        ropeName: 'Haul rope',
        taskTitle: 'Splice check',
        dueAt: '2026-11-27T23:00:00Z',
        timeZone: 'Europe/Zurich',
      },
    });
    const textIn = async (language?: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/installations/${place.installation.id}/notifications`,
        headers: { cookie: reader.cookie, ...(language ? { 'accept-language': language } : {}) },
      });
      return response.json().notifications[0].text;
    };
    expect(await textIn('de-DE')).toBe(
      'Seil «Haul rope» der Anlage Gondola Zermatt: Aufgabe «Splice check» ist fällig seit 28.11.2026 (Europe/Zurich)',
    );
    expect(await textIn('fr-FR,fr;q=0.9')).toContain('est échue depuis le 28/11/2026 (Europe/Zurich)');
    expect(await textIn()).toBe(
      "Task 'Splice check' on rope 'Haul rope' of Gondola Zermatt is due since 11/28/2026 (Europe/Zurich)",
    );
  });
});
