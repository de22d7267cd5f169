import { ropeEventHistory, ropeEvents, ropes } from '@rope/db/schema/index';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const TIME = '2026-05-01T08:00:00Z';
const measurement = (ropeId: number) => ({
  rope: { id: ropeId },
  position: null,
  attributes: { timestamp: TIME, recordingType: 'measurement', type: 'mrtInspection', bendingCycles: 412_000 },
});
const damage = (ropeId: number, position: number, description = 'Drahtbruch') => ({
  rope: { id: ropeId },
  position,
  attributes: {
    timestamp: TIME,
    recordingType: 'damage',
    type: 'wireBreak',
    damageCount: 2,
    detection: 'mrt',
    bendingCycles: 412_000,
    description,
  },
});

// Issue 23 §1.3: the XML review saved the measurement and its damages in separate calls, so a refused damage left
// the measurement (and the damages before it) behind.
describe('saving a reviewed inspection import', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let ropeId: number;
  let otherRopeId: number;
  const eventsOf = (id: number) => t.ctx.db.select().from(ropeEvents).where(eq(ropeEvents.ropeId, id));

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
    ropeId = (await seedRope(t.ctx.db, installation.id)).id;
    otherRopeId = (await seedRope(t.ctx.db, installation.id)).id;
    for (const id of [ropeId, otherRopeId])
      await t.ctx.db.update(ropes).set({ attributes: WORKED_EXAMPLE_ROPE }).where(eq(ropes.id, id));
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
  });
  afterAll(() => t.close());

  it('saves the measurement and its damages in one call, with their history and the rope damage', async () => {
    const saved = await cast.call('client', 'POST', '/events/import', {
      ropeEvent: measurement(ropeId),
      damages: [damage(ropeId, 120.5), damage(ropeId, 410)],
    });
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    expect(body.damages).toHaveLength(2);
    expect(body.ropeChanged).toBe(true);
    const events = await eventsOf(ropeId);
    expect(events.map((event) => event.type).sort()).toEqual(['mrtInspection', 'wireBreak', 'wireBreak']);
    const byId = new Map(events.map((event) => [event.id, event]));
    expect(byId.get(body.ropeEvent.id)?.type).toBe('mrtInspection');
    expect(body.damages.map((d: { id: number }) => byId.get(d.id)?.position)).toEqual([120.5, 410]);
    const history = await t.ctx.db.select().from(ropeEventHistory);
    for (const event of events) expect(history.some((row) => row.eventId === event.id)).toBe(true);
    const [rope] = await t.ctx.db.select().from(ropes).where(eq(ropes.id, ropeId));
    expect(rope!.damages?.damage).toBeGreaterThan(0);
  });

  it('leaves no measurement behind when a damage row fails in the database', async () => {
    const before = (await eventsOf(ropeId)).length;
    await t.ctx.db.execute(
      sql.raw(`create function refuse_import_row() returns trigger language plpgsql as $$
        begin
          if new.attributes ->> 'description' = 'refuse me' then raise exception 'refused row'; end if;
          return new;
        end $$`),
    );
    await t.ctx.db.execute(
      sql.raw(
        'create trigger refuse_import_row before insert on rope_events for each row execute function refuse_import_row()',
      ),
    );
    try {
      const refused = await cast.call('client', 'POST', '/events/import', {
        ropeEvent: measurement(ropeId),
        damages: [damage(ropeId, 50), damage(ropeId, 60, 'refuse me'), damage(ropeId, 70)],
      });
      expect(refused.statusCode).toBe(500);
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger refuse_import_row on rope_events'));
      await t.ctx.db.execute(sql.raw('drop function refuse_import_row()'));
    }
    expect(await eventsOf(ropeId)).toHaveLength(before);
  });

  it('refuses a damage on another rope or a part of the wrong kind, saving nothing', async () => {
    const before = (await eventsOf(ropeId)).length;
    const cases = [
      { ropeEvent: measurement(ropeId), damages: [damage(ropeId, 50), damage(otherRopeId, 60)] },
      { ropeEvent: measurement(ropeId), damages: [measurement(ropeId)] },
      { ropeEvent: damage(ropeId, 50), damages: [] },
    ];
    for (const payload of cases) {
      const refused = await cast.call('client', 'POST', '/events/import', payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().key).toBe('app.errors.inspectionImportParts');
    }
    expect(await eventsOf(ropeId)).toHaveLength(before);
    expect(await eventsOf(otherRopeId)).toHaveLength(0);
  });
});
