// GET /api/areas and GET /api/installations/{id}/ropes through the whole API over a real socket, as a browser asks
// (cookie, encodings), against a bare SQL query of the same rows, in the same run; percentiles over every call.
// Goals: the area list <= 2x, an installation's ropes (40 of them) <= 3x.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench hierarchy  (DATABASE_URL=... for PostgreSQL, else PGlite)
import type { AddressInfo } from 'node:net';
import { queryRows } from '@rope/db/client';
import { ropes } from '@rope/db/schema/index';
import { sql } from 'drizzle-orm';
import { seedUser } from '../../apps/api/test/support/factories.ts';
import { signIn } from '../../apps/api/test/support/sign-in.ts';
import { createTestApp } from '../../apps/api/test/support/test-app.ts';
import { serverDatabase } from './bench-database.ts';
import { generateHierarchy } from './dataset.ts';
import { verdict, watchMachine } from './machine.ts';
import { compareOverSocket } from './socket-arms.ts';
import { BROWSER_HEADERS, startSocketClient } from './socket-client.ts';

/** The installation whose ropes are read: as many as the largest installations carry. */
const ROPES_ON_ONE = 40;

const t = await createTestApp();
try {
  const started = performance.now();
  const { installationIds } = await generateHierarchy(t.ctx.db);
  const installationId = installationIds[7]!;
  const [{ count }] = (await queryRows<{ count: number }>(
    t.ctx.db,
    sql`select count(*)::int as count from ropes where installation_id = ${installationId}`,
  )) as [{ count: number }];
  await t.ctx.db.insert(ropes).values(
    Array.from({ length: ROPES_ON_ONE - count }, (_, i) => ({
      name: `Track rope ${i + 1}`,
      installationId,
      ordering: 100 + i,
      attributes: { ropeType: 'strandedRope' as const, nominalDiameter: 40, metallicCrossSection: 614.4 },
      damages: {
        standard: 'EN12927' as const,
        status: 'computed' as const,
        missingInputs: [],
        utilisation: { '6': 0.3 },
        damage: 30,
        health: 70,
        computedAt: '2026-11-01T00:00:00.000Z',
      },
    })),
  );
  console.log(`data set: ${t.ctx.database.kind}, generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
  const cookie = await signIn(t.ctx, admin);

  // What the answer holds, as the route computes it: each area's largest damage and its ropes whose damage is unknown,
  // with what they lack (an area with one such rope is unknown, never shown as its largest known damage).
  const areasSql = sql`select a.id, a.name, a.mandator_id, m.name as mandator_name, a.admin_user_id, a.is_map, a.map_zoom,
      a.map_base_layers, a.map_default_base_layer, a.lat, a.lng, a.is_deleted,
      max((r.damages->>'damage')::double precision) as max_damage,
      count(*) filter (where r.damages->>'status' = 'unknown') as unknown_ropes,
      json_agg(r.damages->'missingInputs') filter (where r.damages->>'status' = 'unknown') as missing_inputs
    from areas a join mandators m on m.id = a.mandator_id
    left join installations i on i.area_id = a.id and not i.is_deleted
    left join ropes r on r.installation_id = i.id and not r.is_deleted
    where not a.is_deleted group by a.id, m.name order by a.ordering, a.name, a.id`;
  const ropesSql = sql`select id, name, installation_id, ordering, latlngs, attributes, truscan_attributes, is_deleted,
      notification_status, damages from ropes where installation_id = ${installationId} and not is_deleted
      order by ordering, id`;

  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  const client = startSocketClient();
  const browser = { ...BROWSER_HEADERS, cookie };
  const check = await client.get(`${base}/areas`, browser);
  if (check[0]!.status !== 200) throw new Error(`unexpected answer ${check[0]!.status}`);
  const listed = (
    await t.app.inject({ url: `/api/installations/${installationId}/ropes`, headers: { cookie } })
  ).json();
  if (listed.ropes.length !== ROPES_ON_ONE) throw new Error(`${listed.ropes.length} ropes, not ${ROPES_ON_ONE}`);

  const machine = watchMachine([], { database: await serverDatabase(t.ctx) });
  const areas = await compareOverSocket(
    client,
    () => queryRows(t.ctx.db, areasSql),
    { name: 'GET /api/areas (50 areas, 2,000 ropes)', url: `${base}/areas`, headers: browser },
    { rounds: 15, perRound: 10, floorName: 'bare SQL' },
  );
  const installationRopes = await compareOverSocket(
    client,
    () => queryRows(t.ctx.db, ropesSql),
    {
      name: `GET /api/installations/{id}/ropes (${ROPES_ON_ONE} ropes)`,
      url: `${base}/installations/${installationId}/ropes`,
      headers: browser,
    },
    { rounds: 15, perRound: 10, floorName: 'bare SQL' },
  );
  const load = machine();
  await client.close();
  console.log(`\n${load.text}`);
  console.log(`area list ${areas.ratio.toFixed(2)}x (goal <= 2x): ${verdict(areas.ratio <= 2, load)}`);
  console.log(
    `installation ropes ${installationRopes.ratio.toFixed(2)}x (goal <= 3x): ${verdict(installationRopes.ratio <= 3, load)}`,
  );
} finally {
  await t.close();
}
