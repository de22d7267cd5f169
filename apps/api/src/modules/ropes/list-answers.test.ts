import { ropes } from '@rope/db/schema/index';
import { placedRopeViewSchema, ropeOverviewAnswerSchema, ropeViewSchema } from '@rope/domain/hierarchy/views';
import { ROPE_LAYS } from '@rope/domain/ropes/kinds';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedEvent, seedInstallation, seedMandator } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// The rope lists (and the dashboard's) go out as plain JSON, without their schema's pass (routes.ts): what their views
// build must be exactly what the schema says, no field more (a row is never returned whole), none missing, none left to
// a default.
const ROPE_LAY = ROPE_LAYS[0];

describe('the rope lists answer exactly their schema', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let installationId: number;

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = (await seedMandator(t.ctx.db, 'Alpha')).id;
    const area = (await seedArea(t.ctx.db, mandator, 'Zermatt')).id;
    installationId = (await seedInstallation(t.ctx.db, area, 'Gornergrat')).id;
    await cast.add('admin', ['ROLE_ADMIN'], []);
    const create = async (name: string) =>
      (await cast.call('admin', 'POST', `/installations/${installationId}/ropes`, { rope: { name } })).json().rope
        .id as number;
    // Judged, with settings, a TRUscan and a line on the map; one that cannot be judged; one archived.
    const judged = await create('Haul rope');
    const patched = await cast.call('admin', 'PATCH', `/ropes/${judged}`, {
      rope: {
        attributes: {
          standard: 'ISO4309',
          nominalDiameter: 40,
          ropeLength: 1200,
          ropeType: 'strandedRope',
          loadBearingOuterWires: 150,
          ropeLay: ROPE_LAY,
        },
        latlngs: [
          [46.0, 7.7],
          [46.01, 7.71],
        ],
      },
    });
    expect(patched.statusCode).toBe(200);
    await t.ctx.db
      .update(ropes)
      .set({ truscanAttributes: { status: 'idle', bendingCycles: 1200, lastMeasurement: 1_764_000_000 } })
      .where(eq(ropes.id, judged));
    await seedEvent(t.ctx.db, judged);
    await create('Track rope');
    const archived = await create('Old rope');
    await t.ctx.db.update(ropes).set({ isDeleted: true }).where(eq(ropes.id, archived));
  });
  afterAll(() => t.close());

  const exactly = (schema: z.ZodType, answer: unknown) => expect(schema.parse(answer)).toEqual(answer);

  it('GET /installations/{id}/ropes, live and archived', async () => {
    const live = (await cast.call('admin', 'GET', `/installations/${installationId}/ropes`)).json();
    expect(live.ropes.map((rope: { name: string }) => rope.name)).toEqual(['Haul rope', 'Track rope']);
    expect(live.ropes.map((rope: { damages: { status: string } | null }) => rope.damages?.status)).toContain('unknown');
    exactly(z.object({ ropes: z.array(ropeViewSchema) }), live);
    const archived = (await cast.call('admin', 'GET', `/installations/${installationId}/ropes?archived=1`)).json();
    expect(archived.ropes.map((rope: { name: string }) => rope.name)).toEqual(['Old rope']);
    exactly(z.object({ ropes: z.array(ropeViewSchema) }), archived);
  });

  it('GET /ropes', async () => {
    const answer = (await cast.call('admin', 'GET', '/ropes')).json();
    expect(answer.ropes.length).toBe(2);
    expect(answer.ropes[0]).toMatchObject({ installation: { name: 'Gornergrat' }, area: { name: 'Zermatt' } });
    exactly(z.object({ ropes: z.array(placedRopeViewSchema) }), answer);
  });

  it('GET /ropes/overview', async () => {
    const answer = (await cast.call('admin', 'GET', '/ropes/overview')).json();
    expect(answer.ropes.map((rope: { damages: { status: string } | null }) => rope.damages?.status).sort()).toEqual([
      'computed',
      'unknown',
    ]);
    exactly(ropeOverviewAnswerSchema, answer);
  });
});
