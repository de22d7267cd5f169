import { afterAll, describe, expect, it } from 'vitest';
import { AnswerLedger } from '../support/answer-ledger.ts';
import { loadOpenApi } from '../support/openapi.ts';
import { createTestApp } from '../support/test-app.ts';
import { recordBatteryCount } from './battery-count.ts';
import type { Expected, RouteRow, Status } from './route-table.ts';
import { TABLE } from './route-table-all.ts';
import { PENDING_ROUTES } from './route-table-pending.ts';
import { ACTORS, buildWorld, registeredApiRoutes, SCOPES, type Scope } from './world.ts';

/*
 * Every registered /api route x every actor x the actor's own object, a colleague's in the same mandator and another
 * mandator's. A route registered without a row fails the first test: add its row to a route-table*.ts (gathered in
 * route-table-all.ts) when adding the route.
 */
const t = await createTestApp();
const world = await buildWorld(t);
const registered = new Set(registeredApiRoutes(t.app));
afterAll(() => t.close());
const ledger = new AnswerLedger();

/**
 * The path parameters of a route that are natural keys, sorted: neither surrogate ids (`:id`, `:requestId`) nor a
 * mailed `:token`, a secret that is itself the permission (a sign-in link, a reset link) and names no tenant's object.
 */
const naturalKeysOf = (route: string) =>
  [...route.matchAll(/\/:(\w+)/g)]
    .map((match) => match[1]!)
    .filter((name) => name !== 'id' && name !== 'token' && !name.endsWith('Id'))
    .sort();

const matches = (status: number, expected: Status) =>
  typeof expected === 'number' ? status === expected : expected.includes(status);
let cellNumber = 0;

async function ask(row: RouteRow, actor: (typeof ACTORS)[number], scope: Scope): Promise<number> {
  const cell = await row.build(world, scope, actor);
  cellNumber += 1;
  const response = await t.app.inject({
    method: row.route.split(' ')[0] as 'GET',
    url: cell.url,
    payload: cell.payload,
    headers: { ...(await world.headersOf(actor)), ...cell.headers },
    // A fresh address per cell, so login throttling per IP never colours a cell.
    remoteAddress: `10.9.${cellNumber >> 8}.${cellNumber & 255}`,
  });
  if (response.statusCode >= 500) throw new Error(`${row.route} as ${actor}: ${response.body}`);
  const [method, path] = row.route.split(' ') as [string, string];
  ledger.record(method, path, response.statusCode);
  return response.statusCode;
}

describe('authorization matrix', () => {
  it('has a row for every registered /api route', () => {
    const missing = [...registered].filter(
      (route) => !TABLE.some((row) => row.route === route) && !(route in PENDING_ROUTES),
    );
    expect(missing, 'add these routes to the authorization matrix').toEqual([]);
    expect(new Set(TABLE.map((row) => row.route)).size, 'duplicate rows').toBe(TABLE.length);
  });

  it("asks every route that names its object by a natural key for the own, a colleague's and a foreign key", () => {
    // A path parameter that is not a surrogate id (`:id`, `:requestId`) nor a mailed token is a natural key: the row
    // names it and is scoped, so its three scopes are asked as for ids (foreign-like-missing compares foreign with
    // unknown).
    const unlisted = TABLE.filter((row) => registered.has(row.route)).flatMap((row) => {
      const keys = naturalKeysOf(row.route);
      const listed = [...(row.naturalKeys ?? [])].sort();
      return keys.join() === listed.join() && (keys.length === 0 || row.scoped)
        ? []
        : [`${row.route}: takes [${keys}], names [${listed}]${row.scoped ? '' : ', not scoped'}`];
    });
    expect(unlisted).toEqual([]);
    expect(TABLE.filter((row) => row.naturalKeys?.length).length).toBeGreaterThanOrEqual(4);
  });

  for (const [route, owner] of Object.entries(PENDING_ROUTES)) {
    if (TABLE.some((row) => row.route === route)) continue;
    it.todo(`${route}: NO EXPECTATIONS YET (${owner})`);
  }

  for (const row of TABLE) {
    if (!registered.has(row.route)) {
      it.todo(`${row.route}: NOT BUILT YET, the row waits for the route`);
      continue;
    }
    it(`${row.route}${row.note ? ` (${row.note})` : ''}`, async () => {
      const actual: Record<string, unknown> = {};
      const wanted: Record<string, unknown> = {};
      for (const actor of ACTORS) {
        const expected: Expected = row.expect[actor];
        const split = typeof expected === 'object' && 'own' in expected ? expected : undefined;
        const scopes: readonly Scope[] = row.scoped ? SCOPES : ['own'];
        for (const scope of scopes) {
          const status = await ask(row, actor, scope);
          const want = split ? split[scope] : (expected as Status);
          const key = row.scoped ? `${actor}/${scope}` : actor;
          actual[key] = matches(status, want) ? want : status;
          wanted[key] = want;
        }
      }
      expect(actual).toEqual(wanted);
    });
  }

  it('meets only answers the OpenAPI document declares', async () => {
    expect(ledger.undeclared(await loadOpenApi(t.app)).join('\n'), 'answers the document does not name').toBe('');
  });

  it('counts its cells for the test summary', () => {
    // Each built row asks every actor, in all three scopes where it is scoped (routes by natural key included): no
    // cell is left out.
    const built = TABLE.filter((row) => registered.has(row.route));
    const cells = built.reduce((sum, row) => sum + ACTORS.length * (row.scoped ? SCOPES.length : 1), 0);
    expect(cellNumber).toBe(cells);
    const natural = built.filter((row) => row.naturalKeys?.length).length;
    recordBatteryCount(
      'authorization matrix',
      cellNumber,
      `cells over ${TABLE.length} routes (${natural} by natural key, ${natural * ACTORS.length * SCOPES.length} cells)`,
    );
  });
});
