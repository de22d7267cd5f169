import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { recordBatteryCount } from './battery-count.ts';
import { type Expected, ROWS, type RouteRow, type Status } from './route-table.ts';
import { AUTH_ROWS, SYSTEM_ROWS } from './route-table-auth.ts';
import { DOCUMENT_ROWS } from './route-table-documents.ts';
import { DOMAIN_ROWS } from './route-table-domain.ts';
import { MRT_ROWS } from './route-table-mrt.ts';
import { PENDING_ROUTES } from './route-table-pending.ts';
import { SENSOR_ROWS } from './route-table-sensors.ts';
import { ACTORS, buildWorld, registeredApiRoutes, type Scope } from './world.ts';

/**
 * Every registered /api route x every actor x own/foreign tenant object. A route registered without a row fails
 * the first test: add its row here (or in route-table-auth.ts) when adding the route.
 */
const TABLE: RouteRow[] = [
  ...SYSTEM_ROWS,
  ...AUTH_ROWS,
  ...ROWS,
  ...DOMAIN_ROWS,
  ...DOCUMENT_ROWS,
  ...SENSOR_ROWS,
  ...MRT_ROWS,
];

const t = await createTestApp();
const world = await buildWorld(t);
const registered = new Set(registeredApiRoutes(t.app));
afterAll(() => t.close());

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
        const scopes: Scope[] = row.scoped ? ['own', 'foreign'] : ['own'];
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

  it('counts its cells for the test summary', () => {
    expect(cellNumber).toBeGreaterThan(TABLE.length);
    recordBatteryCount('authorization matrix', cellNumber, `cells over ${TABLE.length} routes`);
  });
});
