import { ropes } from '@rope/db/schema/index';
import type { DamageChartAnswer } from '@rope/domain/ropes/damage-chart-answer';
import { damageGauge, healthGauge } from '@rope/domain/ropes/gauge';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { recomputeUnassessedDamages } from './recompute.ts';

const { nominalDiameter: _, ...WITHOUT_DIAMETER } = WORKED_EXAMPLE_ROPE;
const UNKNOWN = {
  status: 'unknown',
  damage: null,
  health: null,
  missingInputs: ['nominalDiameter', 'metallicCrossSection'],
};

describe('damage that cannot be computed, through the API', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let areaId: number;
  let installationId: number;
  let known: number;
  let unknown: number;

  const damage = (ropeId: number, position: number, attributes: object) =>
    cast.call('client', 'POST', '/events', {
      ropeEvent: {
        rope: { id: ropeId },
        position,
        attributes: { timestamp: '2026-03-01T10:00:00Z', recordingType: 'damage', type: 'wireBreak', ...attributes },
      },
    });
  const settings = (ropeId: number, attributes: object) =>
    cast.call('admin', 'PATCH', `/ropes/${ropeId}`, { rope: { attributes } });

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    areaId = (await seedArea(t.ctx.db, mandator.id)).id;
    installationId = (await seedInstallation(t.ctx.db, areaId)).id;
    known = (await seedRope(t.ctx.db, installationId, 'Known')).id;
    unknown = (await seedRope(t.ctx.db, installationId, 'Unknown')).id;
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    await cast.add('admin', ['ROLE_ADMIN'], []);
    expect((await settings(known, WORKED_EXAMPLE_ROPE)).statusCode).toBe(200);
    expect((await settings(unknown, WITHOUT_DIAMETER)).statusCode).toBe(200);
    expect((await damage(known, 10, { damageCount: 3 })).statusCode).toBe(200);
    expect((await damage(unknown, 10, { damageCount: 3 })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const answer = await cast.call('client', 'GET', url);
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  it('answers the rope as unknown, naming the inputs, never 0 % and 100 % health', async () => {
    expect((await get(`/ropes/${unknown}`)).rope.damages).toEqual({ ...UNKNOWN, unknownRopes: 1 });
    const known_ = (await get(`/ropes/${known}`)).rope.damages;
    expect(known_).toMatchObject({ status: 'computed', damage: expect.closeTo(43.2, 1) });
    const listed = (await get(`/installations/${installationId}/ropes`)).ropes;
    expect(listed.find((rope: { id: number }) => rope.id === unknown).damages.status).toBe('unknown');
    const dashboard = (await get('/ropes')).ropes;
    expect(dashboard.find((rope: { id: number }) => rope.id === unknown).damages.status).toBe('unknown');
  });

  it('answers the chart as unknown with what was recorded, not as "no events"', async () => {
    const chart = (await get(`/ropes/${unknown}/events/damage`)) as DamageChartAnswer;
    expect(chart).toMatchObject({ ...UNKNOWN, result: [] });
    expect(chart.damageCount).toBe(1);
    const loss = await get(`/ropes/${unknown}/events/lossOverTarget`);
    expect(loss).toMatchObject({ status: 'unknown', missingInputs: UNKNOWN.missingInputs });
  });

  it('makes the installation and area unknown while one rope is, though another rope is known', async () => {
    const expected = { ...UNKNOWN, unknownRopes: 1 };
    const installations = (await get(`/areas/${areaId}/installations`)).installations;
    expect(installations.find((item: { id: number }) => item.id === installationId).damages).toEqual(expected);
    expect((await get(`/installations/${installationId}`)).installation.damages).toEqual(expected);
    const areas = (await get('/areas')).areas;
    expect(areas.find((area: { id: number }) => area.id === areaId).damages).toEqual(expected);
    expect((await get(`/areas/${areaId}`)).area.damages).toEqual(expected);
    const positions = (await get('/areas/positions')).areas;
    expect(positions.find((area: { id: number }) => area.id === areaId).damages).toEqual(expected);
    const summary = (await get(`/areas/${areaId}/installations/events/damage-summary`)).installations[0];
    expect(summary.installation.damages).toEqual(expected);
    expect(summary.ropes.find((rope: { id: number }) => rope.id === unknown).damages.status).toBe('unknown');
  });

  it('computes again everywhere once the settings are complete', async () => {
    const completed = await settings(unknown, WORKED_EXAMPLE_ROPE);
    expect(completed.statusCode).toBe(200);
    expect(completed.json().rope.damages).toMatchObject({ status: 'computed', damage: expect.closeTo(43.2, 1) });
    expect((await get(`/areas/${areaId}`)).area.damages).toMatchObject({ status: 'computed' });
    expect((await get(`/ropes/${unknown}/events/damage`)).status).toBe('computed');
  });

  it('needs the outer wire diameter only once a damage is recorded as broken wires alone', async () => {
    const { outerWireDiameter: __, ...withoutWire } = WORKED_EXAMPLE_ROPE;
    const rope = (await seedRope(t.ctx.db, installationId)).id;
    await settings(rope, withoutWire);
    expect((await damage(rope, 5, { crossSectionLossAmount: 1, crossSectionLossUnit: 'percent' })).statusCode).toBe(
      200,
    );
    expect((await get(`/ropes/${rope}`)).rope.damages.status).toBe('computed');
    await damage(rope, 6, { damageCount: 2 });
    expect((await get(`/ropes/${rope}`)).rope.damages).toMatchObject({
      status: 'unknown',
      missingInputs: ['outerWireDiameter'],
    });
  });

  it('assesses a new rope at once: unknown until its settings are complete', async () => {
    const created = await cast.call('admin', 'POST', `/installations/${installationId}/ropes`, { rope: {} });
    expect(created.statusCode).toBe(200);
    const id = created.json().rope.id;
    expect((await get(`/ropes/${id}`)).rope.damages).toMatchObject({
      status: 'unknown',
      missingInputs: ['nominalDiameter', 'metallicCrossSection'],
    });
    await cast.call('admin', 'DELETE', `/ropes/${id}`);
  });

  it('reassesses at start-up a rope stored before damage had a status, which read 0 % while unknown', async () => {
    const rope = (await seedRope(t.ctx.db, installationId)).id;
    await settings(rope, WITHOUT_DIAMETER);
    await damage(rope, 5, { damageCount: 4 });
    const legacy = { standard: 'EN12927', utilisation: {}, damage: 0, health: 100, computedAt: '2026-01-01T00:00:00Z' };
    await t.ctx.db
      .update(ropes)
      .set({ damages: legacy as never })
      .where(eq(ropes.id, rope));
    expect(await recomputeUnassessedDamages(t.ctx.db)).toBeGreaterThanOrEqual(1);
    expect((await get(`/ropes/${rope}`)).rope.damages.status).toBe('unknown');
    expect(await recomputeUnassessedDamages(t.ctx.db)).toBe(0);
    await cast.call('admin', 'DELETE', `/ropes/${rope}`);
  });

  it('stores and answers figures both gauges print alike: 49.95 % damage reads "50 %" orange beside health "50 %"', async () => {
    const rope = (await seedRope(t.ctx.db, installationId)).id;
    await settings(rope, WORKED_EXAMPLE_ROPE);
    // 2.997 % loss in one 6d window against its 6 % limit: utilisation 0.4995.
    await damage(rope, 30, { crossSectionLossAmount: 2.997, crossSectionLossUnit: 'percent' });
    const stored = (await get(`/ropes/${rope}`)).rope.damages;
    const chart = (await get(`/ropes/${rope}/events/damage`)) as DamageChartAnswer;
    expect(stored.damage).toBeCloseTo(chart.damage!, 4);
    expect(stored.health).toBeCloseTo(chart.health!, 4);
    expect(damageGauge(stored.damage)).toMatchObject({ label: '50 %', colour: 'orange' });
    expect(healthGauge(stored.health)).toMatchObject({ label: '50 %', colour: 'orange' });
    expect(damageGauge(chart.damage!)).toEqual(damageGauge(stored.damage));
  });
});
