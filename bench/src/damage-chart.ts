// The damage chart of a rope with 50,000 events: the domain function alone and GET /api/ropes/{id}/events/damage,
// each as a ratio to the floor (sorting the 50,000 positions as a Float64Array) measured in the same run.
// Goals: domain function <= 3x the floor, API call <= 10x.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench damage  (DATABASE_URL=... for PostgreSQL, else PGlite)
import { ropeDamageInputs, ropeEvents, ropes } from '@rope/db/schema/index';
import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import { computeRopeDamage, computeRopeDamageFromRows } from '@rope/domain/ropes/rope-damage';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { eq } from 'drizzle-orm';
import { mulberry32 } from '../../apps/api/src/demo/random.ts';
import { loadRopeForDamage, recomputeRopeDamages } from '../../apps/api/src/modules/damage/index.ts';
import { readDamageRows } from '../../apps/api/src/modules/damage/rows.ts';
import { seedArea, seedInstallation, seedMandator, seedRope, seedUser } from '../../apps/api/test/support/factories.ts';
import { signIn } from '../../apps/api/test/support/sign-in.ts';
import { createTestApp } from '../../apps/api/test/support/test-app.ts';
import { compareArms } from './measure.ts';

const EVENTS = 50_000;
const ROPE_LENGTH_M = 5000;

const t = await createTestApp();
try {
  const random = mulberry32(7);
  const mandator = await seedMandator(t.ctx.db);
  const rope = await seedRope(
    t.ctx.db,
    (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id)).id,
  );
  await t.ctx.db
    .update(ropes)
    .set({
      attributes: WORKED_EXAMPLE_ROPE,
    })
    .where(eq(ropes.id, rope.id));
  const started = performance.now();
  for (let offset = 0; offset < EVENTS; offset += 2000) {
    const rows = Array.from({ length: Math.min(2000, EVENTS - offset) }, (_, i) => {
      const day = Math.floor(random() * 2000);
      const attributes: RopeEventAttributes = {
        timestamp: new Date(Date.UTC(2020, 0, 1) + day * 86_400_000).toISOString(),
        recordingType: 'damage',
        type: 'wireBreak',
        actionStatus: 'new',
        isImported: false,
        damageCount: 1 + Math.floor(random() * 3),
        detection: (offset + i) % 3 === 0 ? 'mrt' : 'manual',
      };
      return {
        ropeId: rope.id,
        position: random() * ROPE_LENGTH_M,
        attributes,
        occurredAt: new Date(attributes.timestamp),
        recordingType: 'damage',
        type: 'wireBreak',
      };
    });
    await t.ctx.db.insert(ropeEvents).values(rows);
  }
  // What saving an event does after its insert: the rope's damage and the packed copy of its damage rows.
  await recomputeRopeDamages(t.ctx.db, rope.id);
  console.log(
    `${EVENTS} events on one rope (${t.ctx.database.kind}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
  const cookie = await signIn(t.ctx, admin);
  const loaded = (await loadRopeForDamage(t.ctx.db, rope.id))!;
  const positions = Float64Array.from(loaded.events.map((event) => event.position ?? 0));
  const floor = async () => Float64Array.from(positions).sort();

  const check = await t.app.inject({ method: 'GET', url: `/api/ropes/${rope.id}/events/damage`, headers: { cookie } });
  if (check.statusCode !== 200) throw new Error(`damage chart answered ${check.statusCode}`);
  console.log(`answer: ${(check.rawPayload.length / 1024 / 1024).toFixed(1)} MiB`);

  // The domain function the API calls, on the rows as the API reads them; and the same from event objects.
  const rows = (await readDamageRows(t.ctx.db, rope.id, false))!;
  const options = { loopLength: loaded.loopLength };
  const domain = await compareArms({
    name: 'domain computeRopeDamageFromRows vs sorting the positions',
    candidate: async () => computeRopeDamageFromRows(loaded.rope.attributes, rows, options),
    baseline: floor,
    rounds: 9,
    iterations: 3,
    labels: ['domain', 'sort'],
  });
  const objects = await compareArms({
    name: 'domain computeRopeDamage (event objects) vs sorting the positions',
    candidate: async () => computeRopeDamage(loaded.rope.attributes, loaded.events, options),
    baseline: floor,
    rounds: 9,
    iterations: 3,
    labels: ['domain', 'sort'],
  });
  const api = await compareArms({
    name: 'GET /api/ropes/{id}/events/damage vs sorting the positions',
    candidate: () => t.app.inject({ method: 'GET', url: `/api/ropes/${rope.id}/events/damage`, headers: { cookie } }),
    baseline: floor,
    rounds: 5,
    iterations: 2,
    labels: ['API', 'sort'],
  });
  // The same call when the packed copy is missing (dropped by a change made outside the API): rows in bulk.
  await t.ctx.db.delete(ropeDamageInputs).where(eq(ropeDamageInputs.ropeId, rope.id));
  const cold = await compareArms({
    name: 'GET /api/ropes/{id}/events/damage from the rows in bulk vs sorting the positions',
    candidate: () => t.app.inject({ method: 'GET', url: `/api/ropes/${rope.id}/events/damage`, headers: { cookie } }),
    baseline: floor,
    rounds: 5,
    iterations: 2,
    labels: ['API', 'sort'],
  });
  console.log(`domain ${domain.ratio.toFixed(1)}x (goal <= 3x): ${domain.ratio <= 3 ? 'met' : 'NOT met'}`);
  console.log(`domain from event objects ${objects.ratio.toFixed(1)}x (information)`);
  console.log(`API ${api.ratio.toFixed(1)}x (goal <= 10x): ${api.ratio <= 10 ? 'met' : 'NOT met'}`);
  console.log(`API without the packed copy ${cold.ratio.toFixed(1)}x (information)`);
} finally {
  await t.close();
}
