import { auditLog, installations, ropeEvents, ropes } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedEvent, seedMandator } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Who may call each route, that another mandator's area answers as a missing one, and that only the impersonate right
// shows as another user, is proven by authorization/matrix.test.ts, foreign-like-missing.test.ts and show-as-user.test.ts.
describe('areas, installations and ropes', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let mandatorA: number;
  let mandatorB: number;
  let areaA: number;
  let areaB: number;

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    mandatorA = (await seedMandator(t.ctx.db, 'Alpha')).id;
    mandatorB = (await seedMandator(t.ctx.db, 'Beta')).id;
    areaA = (await seedArea(t.ctx.db, mandatorA, 'Zermatt')).id;
    areaB = (await seedArea(t.ctx.db, mandatorB, 'Verbier')).id;
    await cast.add('admin', ['ROLE_ADMIN'], []);
    await cast.add('pm', ['ROLE_PROJECT_MANAGER'], []);
    await cast.add('clientAdminA', ['ROLE_CLIENT_ADMIN'], [mandatorA]);
    await cast.add('clientA', ['ROLE_USER'], [mandatorA]);
  });
  afterAll(() => t.close());

  it('lists only the areas of the own mandators to clients, all to admins', async () => {
    const client = await cast.call('clientA', 'GET', '/areas');
    expect(client.statusCode).toBe(200);
    expect(client.json().areas.map((a: { name: string }) => a.name)).toEqual(['Zermatt']);
    const admin = await cast.call('admin', 'GET', '/areas');
    expect(
      admin
        .json()
        .areas.map((a: { name: string }) => a.name)
        .sort(),
    ).toEqual(['Verbier', 'Zermatt']);
    expect(admin.json().areas[0]).toMatchObject({ mandator: { name: expect.any(String) }, isMap: true, mapZoom: 13 });
  });

  it('shows exactly what another user sees with showAsUser, only with the impersonate right, audit-logged', async () => {
    const asClient = await cast.call('pm', 'GET', `/areas?showAsUser=${cast.ids.clientA}`);
    expect(asClient.json().areas.map((a: { id: number }) => a.id)).toEqual([areaA]);
    const logged = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'impersonation.start'));
    expect(logged.some((row) => row.targetId === cast.ids.clientA && row.actorUserId === cast.ids.pm)).toBe(true);
  });

  it('names new installations and ropes with the next free number and keeps them in order', async () => {
    const first = await cast.call('clientAdminA', 'POST', `/areas/${areaA}/installations`, { installation: {} });
    expect(first.statusCode).toBe(200);
    expect(first.json().installation.name).toBe('Installation 1');
    const second = await cast.call('clientAdminA', 'POST', `/areas/${areaA}/installations`, { installation: {} });
    expect(second.json().installation.name).toBe('Installation 2');
    const named = await cast.call('clientAdminA', 'POST', `/areas/${areaA}/installations`, {
      installation: { name: 'Gornergrat' },
    });
    expect(named.json().installation.name).toBe('Gornergrat');
    await cast.call('admin', 'DELETE', `/installations/${first.json().installation.id}`);
    const third = await cast.call('clientAdminA', 'POST', `/areas/${areaA}/installations`, { installation: {} });
    expect(third.json().installation.name).toBe('Installation 1');
    const installationId = second.json().installation.id;
    const ropeNames: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ropeNames.push(
        (await cast.call('clientAdminA', 'POST', `/installations/${installationId}/ropes`, { rope: {} })).json().rope
          .name,
      );
    }
    expect(ropeNames).toEqual(['Rope 1', 'Rope 2', 'Rope 3']);
  });

  it('reorders installations atomically with order-before', async () => {
    const area = (await seedArea(t.ctx.db, mandatorA, 'Order')).id;
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C', 'D']) {
      ids.push(
        (await cast.call('admin', 'POST', `/areas/${area}/installations`, { installation: { name } })).json()
          .installation.id,
      );
    }
    const names = async () =>
      (await cast.call('clientA', 'GET', `/areas/${area}/installations`))
        .json()
        .installations.map((i: { name: string }) => i.name);
    expect(
      (await cast.call('admin', 'POST', `/installations/${ids[3]}/order-before`, { installation: { id: ids[0] } }))
        .statusCode,
    ).toBe(204);
    expect(await names()).toEqual(['D', 'A', 'B', 'C']);
    await cast.call('admin', 'POST', `/installations/${ids[3]}/order-before`, { installation: { id: null } });
    expect(await names()).toEqual(['A', 'B', 'C', 'D']);
    const foreign = (await cast.call('admin', 'POST', `/areas/${areaB}/installations`, { installation: {} })).json()
      .installation.id;
    expect(
      (await cast.call('admin', 'POST', `/installations/${ids[0]}/order-before`, { installation: { id: foreign } }))
        .statusCode,
    ).toBe(400);
    expect(await names()).toEqual(['A', 'B', 'C', 'D']);
  });

  it('keeps archived items read-only until restored, and lists them with archived=1', async () => {
    const installation = (
      await cast.call('admin', 'POST', `/areas/${areaA}/installations`, { installation: { name: 'Old lift' } })
    ).json().installation;
    const rope = (await cast.call('admin', 'POST', `/installations/${installation.id}/ropes`, { rope: {} })).json()
      .rope;
    expect(
      (
        await cast.call('clientAdminA', 'PATCH', `/installations/${installation.id}`, {
          installation: { isDeleted: true },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await cast.call('clientA', 'GET', `/areas/${areaA}/installations?archived=1`))
        .json()
        .installations.map((i: { id: number }) => i.id),
    ).toContain(installation.id);
    expect(
      (await cast.call('clientA', 'GET', `/areas/${areaA}/installations`))
        .json()
        .installations.map((i: { id: number }) => i.id),
    ).not.toContain(installation.id);
    const write = await cast.call('admin', 'PATCH', `/ropes/${rope.id}`, { rope: { name: 'Renamed' } });
    expect(write.statusCode).toBe(422);
    expect(write.json().message).toMatch(/read-only/);
    expect((await cast.call('admin', 'POST', `/installations/${installation.id}/ropes`, { rope: {} })).statusCode).toBe(
      422,
    );
    expect(
      (await cast.call('admin', 'PATCH', `/installations/${installation.id}`, { installation: { isDeleted: false } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await cast.call('admin', 'PATCH', `/ropes/${rope.id}`, { rope: { name: 'Renamed' } })).json().rope.name,
    ).toBe('Renamed');
  });

  it('deletes an installation with everything under it in one go', async () => {
    const installation = (
      await cast.call('admin', 'POST', `/areas/${areaA}/installations`, { installation: {} })
    ).json().installation;
    const rope = (await cast.call('admin', 'POST', `/installations/${installation.id}/ropes`, { rope: {} })).json()
      .rope;
    await seedEvent(t.ctx.db, rope.id, { position: 12 });
    expect((await cast.call('admin', 'DELETE', `/installations/${installation.id}`)).statusCode).toBe(204);
    expect(await t.ctx.db.select().from(ropes).where(eq(ropes.id, rope.id))).toEqual([]);
    expect(await t.ctx.db.select().from(ropeEvents).where(eq(ropeEvents.ropeId, rope.id))).toEqual([]);
    expect((await cast.call('admin', 'GET', `/installations/${installation.id}`)).statusCode).toBe(404);
  });

  it('lets only admins change admin-only installation fields and only admins and PMs the timezone', async () => {
    const installation = (
      await cast.call('admin', 'POST', `/areas/${areaA}/installations`, { installation: {} })
    ).json().installation;
    const url = `/installations/${installation.id}`;
    await cast.call('admin', 'PATCH', url, {
      installation: { attributes: { objectNumber: 'ZB-1', timezone: 'Europe/Zurich' } },
    });
    const byClientAdmin = await cast.call('clientAdminA', 'PATCH', url, {
      installation: { attributes: { objectNumber: 'X', ropeCount: 2 } },
    });
    expect(byClientAdmin.statusCode).toBe(403);
    const keeps = await cast.call('clientAdminA', 'PATCH', url, { installation: { attributes: { ropeCount: 2 } } });
    expect(keeps.json().installation.attributes).toEqual({
      ropeCount: 2,
      objectNumber: 'ZB-1',
      timezone: 'Europe/Zurich',
    });
    expect(
      (await cast.call('clientAdminA', 'PATCH', url, { installation: { attributes: { timezone: 'Europe/Vienna' } } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await cast.call('pm', 'PATCH', url, { installation: { attributes: { timezone: 'Europe/Vienna' } } })).statusCode,
    ).toBe(200);
    const future = await cast.call('admin', 'PATCH', url, {
      installation: { attributes: { constructionYear: new Date().getFullYear() + 1 } },
    });
    expect(future.statusCode).toBe(400);
    expect((await cast.call('clientAdminA', 'PATCH', url, { installation: { latlngs: [[46, 7]] } })).statusCode).toBe(
      403,
    );
  });

  it.each([
    ['POST', () => `/areas`, { area: { name: '', mandatorId: 1 } }],
    ['POST', () => `/areas`, { area: { name: 'x', mandatorId: 'one' } }],
    ['PATCH', () => `/areas/${areaA}`, { area: { mapZoom: 30 } }],
    ['PATCH', () => `/areas/${areaA}`, { area: { mapZoom: 12.34 } }],
    ['PATCH', () => `/areas/${areaA}`, { area: { name: 'x'.repeat(256) } }],
    ['PATCH', () => `/areas/abc`, { area: { name: 'x' } }],
    ['POST', () => `/areas/${areaA}/installations`, { installation: { name: 42 } }],
    ['POST', () => `/areas/${areaA}/installations`, '{"installation":{"__proto__":{"isAdmin":true}}}'],
  ])('refuses bad input %s %s with 4xx and changes nothing', async (method, url, payload) => {
    const before = await t.ctx.db.select().from(installations);
    const response = await t.app.inject({
      method: method as 'POST',
      url: `/api${url()}`,
      headers: { cookie: cast.cookies.admin!, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toBeTruthy();
    const after = await t.ctx.db.select().from(installations);
    if (!(typeof payload === 'string')) expect(after.length).toBe(before.length);
  });

  it('answers 401 to anyone not signed in before looking at the body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/areas', payload: { area: { name: 42 } } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Not signed in',
      key: 'app.errors.notSignedIn',
    });
  });

  it('answers countries and time zones in the Accept-Language language', async () => {
    const de = await t.app.inject({
      method: 'GET',
      url: '/api/intl/country/',
      headers: { cookie: cast.cookies.clientA!, 'accept-language': 'de-CH,de;q=0.9' },
    });
    expect(de.json().CH).toBe('Schweiz');
    const documented = await t.app.inject({
      method: 'GET',
      url: '/api/intl/country',
      headers: { cookie: cast.cookies.clientA!, 'accept-language': 'de-CH,de;q=0.9' },
    });
    expect(documented.json()).toEqual(de.json());
    const fr = await t.app.inject({
      method: 'GET',
      url: '/api/intl/country/',
      headers: { cookie: cast.cookies.clientA!, 'accept-language': 'fr-FR' },
    });
    expect(fr.json().DE).toBe('Allemagne');
    const zones = await t.app.inject({
      method: 'GET',
      url: '/api/intl/timezone/',
      headers: { cookie: cast.cookies.clientA! },
    });
    expect(Object.keys(zones.json())).toContain('Europe/Zurich');
  });
});
