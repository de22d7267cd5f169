import { ropes } from '@rope/db/schema/index';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedEvents, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { WORKED_EXAMPLE } from '../../../test/support/notifications.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const month = (n: number) => new Date(Date.UTC(2025, n, 1)).toISOString();

// Issue 23: a rope with 8 points from its damage events had 1 point and no forecast after one TRUscan file.
describe('loss over target after an inspection', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let installationId: number;

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    installationId = (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id)).id;
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
  });
  afterAll(() => t.close());

  const ropeWith = async (breaks: readonly (readonly [number, number])[]) => {
    const rope = await seedRope(t.ctx.db, installationId);
    await t.ctx.db.update(ropes).set({ attributes: WORKED_EXAMPLE_ROPE }).where(eq(ropes.id, rope.id));
    await seedEvents(
      t.ctx.db,
      rope.id,
      breaks.map(([position, damageCount], i) => ({
        position,
        attributes: { timestamp: month(i), damageCount, bendingCycles: 100_000 * (i + 1) },
      })),
    );
    return rope.id;
  };
  const loss = async (ropeId: number, xAxis: string) =>
    (await cast.call('client', 'GET', `/ropes/${ropeId}/events/lossOverTarget?xAxis=${xAxis}`)).json();

  it('adds the inspection’s point to the damage events’ points and keeps the forecast', async () => {
    const ropeId = await ropeWith(WORKED_EXAMPLE);
    expect((await loss(ropeId, 'timestamp')).result).toHaveLength(8);
    // One TRUscan file: its MRT inspection and a damage it found, at one instant.
    await seedEvents(t.ctx.db, ropeId, [
      {
        position: null,
        attributes: { timestamp: month(9), recordingType: 'measurement', type: 'mrtInspection', bendingCycles: 1e6 },
      },
      { position: 130, attributes: { timestamp: month(9), damageCount: 1, detection: 'mrt' } },
    ]);
    for (const xAxis of ['timestamp', 'bendingCycles']) {
      const answer = await loss(ropeId, xAxis);
      expect(answer.result).toHaveLength(9);
      expect(answer.forecast).not.toBeNull();
      expect(answer.forecast.model).not.toBe('serviceLife');
    }
  });

  it('answers the expected service life as the forecast below three points', async () => {
    const ropeId = await ropeWith(WORKED_EXAMPLE.slice(0, 2));
    const answer = await loss(ropeId, 'bendingCycles');
    expect(answer.result).toHaveLength(2);
    expect(answer.forecast).toMatchObject({ model: 'serviceLife', discardAt: 1_000_000 });
  });
});
