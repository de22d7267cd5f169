// GET /api/areas and GET /api/installations/{id}/ropes through the whole API (auth, validation, serialisation)
// against a bare SQL query of the same rows, in the same run. Target: <= 3x.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench hierarchy  (DATABASE_URL=... for PostgreSQL, else PGlite)
import { queryRows } from '@rope/db/client';
import { sql } from 'drizzle-orm';
import { seedUser } from '../../apps/api/test/support/factories.ts';
import { signIn } from '../../apps/api/test/support/sign-in.ts';
import { createTestApp } from '../../apps/api/test/support/test-app.ts';
import { generateHierarchy } from './dataset.ts';
import { compareArms } from './measure.ts';

const t = await createTestApp();
try {
  const started = performance.now();
  const { installationIds } = await generateHierarchy(t.ctx.db);
  console.log(`data set: ${t.ctx.database.kind}, generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
  const cookie = await signIn(t.ctx, admin);
  const installationId = installationIds[7]!;

  const areasSql = sql`select a.id, a.name, a.mandator_id, m.name as mandator_name, a.admin_user_id, a.is_map, a.map_zoom,
      a.map_base_layers, a.map_default_base_layer, a.lat, a.lng, a.is_deleted,
      max((r.damages->>'damage')::double precision) as max_damage
    from areas a join mandators m on m.id = a.mandator_id
    left join installations i on i.area_id = a.id and not i.is_deleted
    left join ropes r on r.installation_id = i.id and not r.is_deleted
    where not a.is_deleted group by a.id, m.name order by a.ordering, a.name, a.id`;
  const ropesSql = sql`select id, name, installation_id, ordering, latlngs, attributes, truscan_attributes, is_deleted,
      notification_status, damages from ropes where installation_id = ${installationId} and not is_deleted
      order by ordering, id`;

  const check = await t.app.inject({ method: 'GET', url: '/api/areas', headers: { cookie } });
  if (check.statusCode !== 200 || check.json().areas.length !== 50)
    throw new Error(`unexpected answer ${check.statusCode}`);

  const results = [
    await compareArms({
      name: 'GET /api/areas (50 areas, 2,000 ropes)',
      candidate: () => t.app.inject({ method: 'GET', url: '/api/areas', headers: { cookie } }),
      baseline: () => queryRows(t.ctx.db, areasSql),
    }),
    await compareArms({
      name: 'GET /api/installations/{id}/ropes',
      candidate: () =>
        t.app.inject({ method: 'GET', url: `/api/installations/${installationId}/ropes`, headers: { cookie } }),
      baseline: () => queryRows(t.ctx.db, ropesSql),
    }),
  ];
  const worst = Math.max(...results.map((result) => result.ratio));
  console.log(`worst ratio ${worst.toFixed(2)}x, target <= 3x: ${worst <= 3 ? 'met' : 'NOT met'}`);
} finally {
  await t.close();
}
