import { afterAll, describe, expect, it } from 'vitest';
import { seedArea, seedInstallation, seedRope } from '../support/factories.ts';
import { listDocRoutes, loadOpenApi } from '../support/openapi.ts';
import { createTestApp } from '../support/test-app.ts';
import { recordBatteryCount } from './battery-count.ts';
import type { Cell } from './route-table.ts';
import { TABLE } from './route-table-all.ts';
import { ACTORS, type ActorName, buildWorld, SCOPES } from './world.ts';

/*
 * Show-as-user never widens what is seen: on every route of the OpenAPI document that takes showAsUser, an
 * impersonating admin or project manager gets exactly what the shown client gets (the same status for the client's
 * own object, a colleague's and another mandator's, the same body), and nobody without the right may use it.
 */
const t = await createTestApp();
const world = await buildWorld(t);
afterAll(() => t.close());

const doc = await loadOpenApi(t.app);
const showAsRoutes = listDocRoutes(doc)
  .filter((route) => route.queryParams.some((param) => param.name === 'showAsUser'))
  .map((route) => `${route.method} ${route.route}`);
const IMPERSONATORS: ActorName[] = ['admin', 'projectManager'];
const client = world.userIds.client!;
let asked = 0;

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

async function ask(actor: ActorName, cell: Cell, showAsUser?: number) {
  asked += 1;
  const response = await t.app.inject({
    method: 'GET',
    url: showAsUser === undefined ? cell.url : withQuery(cell.url, `showAsUser=${showAsUser}`),
    headers: { ...(await world.headersOf(actor)), ...cell.headers },
  });
  if (response.statusCode >= 500) throw new Error(`${cell.url} as ${actor}: ${response.body}`);
  return { status: response.statusCode, body: response.body };
}

describe('show-as-user', () => {
  it('is taken by the calls the spec names: areas, installations, ropes, events, documents, projects, search', () => {
    for (const route of [
      'GET /api/areas',
      'GET /api/areas/:id',
      'GET /api/ropes',
      'GET /api/ropes/:id',
      'GET /api/documents',
      'GET /api/habel/installations',
      'GET /api/search',
    ]) {
      expect(showAsRoutes, route).toContain(route);
    }
    expect(showAsRoutes.every((route) => route.startsWith('GET '))).toBe(true);
  });

  for (const route of showAsRoutes) {
    const row = TABLE.find((candidate) => candidate.route === route);
    it(`${route}: an impersonator sees exactly what the client sees, the client may not impersonate`, async () => {
      expect(row, `${route} needs a row in the authorization matrix`).toBeDefined();
      const scopes = row!.scoped ? SCOPES : (['own'] as const);
      for (const scope of scopes) {
        const cell = await row!.build(world, scope, 'client');
        const seen = await ask('client', cell);
        for (const impersonator of IMPERSONATORS) {
          const shown = await ask(impersonator, cell, client);
          expect(shown.status, `${impersonator} as client, ${scope}`).toBe(seen.status);
          if (seen.status === 200) expect(shown.body, `${impersonator} as client, ${scope}`).toBe(seen.body);
        }
      }
      const cell = await row!.build(world, 'own', 'client');
      for (const actor of ACTORS.filter((a) => !IMPERSONATORS.includes(a))) {
        const refused = await ask(actor, cell, world.userIds.admin);
        expect(refused.status, `${actor} showing as the admin`).toBe(actor === 'anonymous' ? 401 : 403);
      }
    });
  }

  it('shows an admin no rope of another mandator while showing a client, and 404 for it by id', async () => {
    const foreignArea = await seedArea(t.ctx.db, world.foreign);
    const foreignRope = await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, foreignArea.id)).id);
    const ownArea = await seedArea(t.ctx.db, world.own);
    const ownRope = await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, ownArea.id)).id);
    // The full list and the dashboard's overview hold the same ropes.
    for (const list of ['/api/ropes', '/api/ropes/overview']) {
      const ropeIds = async (actor: ActorName, showAsUser?: number) => {
        const { body } = await ask(actor, { url: list }, showAsUser);
        return (JSON.parse(body).ropes as { id: number }[]).map((rope) => rope.id);
      };
      for (const impersonator of IMPERSONATORS) {
        expect(await ropeIds(impersonator)).toEqual(expect.arrayContaining([foreignRope.id, ownRope.id]));
        const shown = await ropeIds(impersonator, client);
        expect(shown).toContain(ownRope.id);
        expect(shown).not.toContain(foreignRope.id);
        expect(shown.sort()).toEqual((await ropeIds('client')).sort());
        expect((await ask(impersonator, { url: `/api/ropes/${foreignRope.id}` }, client)).status).toBe(404);
        expect((await ask(impersonator, { url: `/api/ropes/${ownRope.id}` }, client)).status).toBe(200);
      }
    }
  });

  it('counts its calls for the test summary', () => {
    expect(showAsRoutes.length).toBeGreaterThan(10);
    recordBatteryCount('show as user', asked, `calls over ${showAsRoutes.length} routes that take showAsUser`);
  });
});
