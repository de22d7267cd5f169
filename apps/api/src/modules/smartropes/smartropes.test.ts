import { notifications, ropes } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedApiKey, seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { configure } from '../../../test/support/notifications.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const T0 = Date.UTC(2026, 9, 1, 10) / 1000;

/** A peak curve as a smartrope reports it: baseline, a bell up to `peak`, back to `settled`. */
function curve(peak: number, settled = 320, samples = 40) {
  return Array.from({ length: samples }, (_, k) => {
    const x = (k - samples / 2) / 5;
    const bell = 320 + (peak - 320) * Math.exp(-x * x);
    return { unixTimestamp: T0 + k * 5, value: k === samples - 1 ? settled : Math.round(bell * 100) / 100 };
  });
}

// Who may call each smartrope route, and that another mandator's answers 404, is proven by authorization/matrix.test.ts.
describe('smartropes', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let installationA: number;
  let ropeA: number;
  let ropeB: number;
  let archivedRope: number;
  let importKey: string;

  beforeAll(async () => {
    t = await createTestApp({}, { processJobs: true });
    cast = createCast(t);
    const a = await seedMandator(t.ctx.db);
    const b = await seedMandator(t.ctx.db);
    const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, a.id)).id, 'Gondola');
    installationA = installation.id;
    ropeA = (await seedRope(t.ctx.db, installation.id, 'Haul rope')).id;
    ropeB = (await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, b.id)).id)).id)).id;
    archivedRope = (await seedRope(t.ctx.db, installation.id)).id;
    await t.ctx.db.update(ropes).set({ isDeleted: true }).where(eq(ropes.id, archivedRope));
    await cast.add('admin', ['ROLE_ADMIN'], []);
    await cast.add('clientA', ['ROLE_USER'], [a.id]);
    await cast.add('clientAdminA', ['ROLE_CLIENT_ADMIN'], [a.id]);
    importKey = (await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [a.id])).key;
  });
  afterAll(() => t.close());

  let serial = 0;
  const create = (body: object) =>
    cast.call('admin', 'POST', '/smartropes', { smartrope: { uuid: `SR-${++serial}`, ...body } });
  const deliver = (id: number, event: object, key = importKey) =>
    t.app.inject({
      method: 'POST',
      url: `/api/smartropes/${id}/events`,
      headers: { authorization: `Bearer ${key}` },
      payload: { event },
    });

  it('lets an admin register, list and change smartropes; the fabrication number is unique', async () => {
    const created = await create({
      name: 'Smartrope Gondola',
      uuid: 'FAB-2026-001',
      rope: { id: ropeA },
      sensors: [{ name: 'Magnetic flux', unit: 'mT' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const smartrope = created.json().smartrope;
    expect(smartrope).toMatchObject({ uuid: 'FAB-2026-001', rope: { id: ropeA }, lastEventAt: null });
    const same = await cast.call('admin', 'PATCH', `/smartropes/${smartrope.id}`, { smartrope });
    expect(same.json().smartrope).toEqual(smartrope);
    const twin = await create({ name: 'Twin', uuid: 'FAB-2026-001' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().fieldKeys).toEqual({ 'smartrope.uuid': { key: 'app.errors.smartropeUuidTaken' } });
    const changed = await cast.call('admin', 'PATCH', `/smartropes/${smartrope.id}`, {
      smartrope: {
        sensors: [
          { id: smartrope.sensors[0].id, unit: 'T' },
          { name: 'Strain', unit: 'µm/m' },
        ],
      },
    });
    expect(changed.json().smartrope.sensors.map((s: { unit: string }) => s.unit)).toEqual(['T', 'µm/m']);
    expect((await cast.call('admin', 'GET', '/smartropes?search=fab-2026')).json().total).toBe(1);
    expect((await create({ name: 'Archived', rope: { id: archivedRope } })).statusCode).toBe(422);
  });

  it('stores a delivered event once and adds later measurements to it', async () => {
    const smartrope = (await create({ name: 'SR ingest', rope: { id: ropeA } })).json().smartrope;
    const event = {
      sensorName: 'Magnetic flux',
      type: 'anomaly',
      unixTimestamp: T0,
      measurements: curve(650).slice(0, 20),
    };
    const first = await deliver(smartrope.id, event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ event: { created: true }, inserted: 20, duplicates: 0 });
    const again = await deliver(smartrope.id, event);
    expect(again.json()).toEqual({ event: { id: first.json().event.id, created: false }, inserted: 0, duplicates: 20 });
    const rest = await deliver(smartrope.id, { ...event, measurements: curve(650) });
    expect(rest.json()).toMatchObject({ inserted: 20, duplicates: 20 });
    const measurements = await cast.call('clientA', 'GET', `/smartrope-events/${first.json().event.id}/measurements`);
    expect(measurements.json().measurements).toEqual(curve(650));
    const listed = (await cast.call('clientA', 'GET', `/ropes/${ropeA}/smartrope-events`)).json().events;
    expect(listed[0]).toMatchObject({
      id: first.json().event.id,
      smartrope: { id: smartrope.id, name: 'SR ingest' },
      sensorName: 'Magnetic flux',
      type: 'anomaly',
      unixTimestamp: T0,
      peak: 650,
      measurementCount: 40,
    });
    const bad = await deliver(smartrope.id, {
      ...event,
      measurements: [...curve(650).slice(0, 3), { unixTimestamp: 'now', value: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['event.measurements.3.unixTimestamp']);
  });

  it('answers a delivery to a foreign smartrope exactly like one to a missing smartrope', async () => {
    const foreign = (await create({ name: 'SR foreign', rope: { id: ropeB } })).json().smartrope;
    const event = { sensorName: 'Strain', type: 'info', unixTimestamp: T0, measurements: curve(400) };
    expect((await deliver(foreign.id, event)).json()).toEqual((await deliver(999_999, event)).json());
  });

  it('lets those who record on the rope acknowledge an event; the device fields are for admins', async () => {
    const smartrope = (await create({ name: 'SR ack', rope: { id: ropeA } })).json().smartrope;
    const eventId = (
      await deliver(smartrope.id, {
        sensorName: 'Strain',
        type: 'threshold',
        unixTimestamp: T0 + 900,
        measurements: curve(500),
      })
    ).json().event.id;
    const ack = await cast.call('clientA', 'PATCH', `/smartropes/events/${eventId}`, {
      event: { attributes: { isAcknowledged: true, comment: 'Clamp passing the sensor' } },
    });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().event.attributes).toEqual({ isAcknowledged: true, comment: 'Clamp passing the sensor' });
    const written = await cast.call('clientA', 'PATCH', `/smartropes/events/${eventId}`, { event: ack.json().event });
    expect(written.json().event).toEqual(ack.json().event);
    expect(
      (await cast.call('clientA', 'PATCH', `/smartropes/events/${eventId}`, { event: { type: 'info' } })).statusCode,
    ).toBe(403);
    const moved = await cast.call('admin', 'PATCH', `/smartropes/events/${eventId}`, { event: { type: 'info' } });
    expect(moved.json().event.type).toBe('info');
  });

  it('notifies once per event over a smartropeThreshold rule, and again for the next event', async () => {
    const smartrope = (await create({ name: 'SR alarm', rope: { id: ropeA } })).json().smartrope;
    await configure(
      t,
      installationA,
      {
        channels: ['email'],
        users: [cast.ids.clientAdminA!],
        rules: [{ type: 'smartropeThreshold', threshold: 800, reset: true }],
      },
      cast.cookies.clientAdminA!,
    );
    const count = async () => {
      await t.ctx.queue.idle();
      return (
        await t.ctx.db.select().from(notifications).where(eq(notifications.installationId, installationA))
      ).filter((row) => row.type === 'smartropeThreshold').length;
    };
    const event = (at: number, peak: number) => ({
      sensorName: 'Magnetic flux',
      type: 'threshold',
      unixTimestamp: at,
      measurements: curve(peak).map((m) => ({ ...m, unixTimestamp: m.unixTimestamp + (at - T0) })),
    });
    await deliver(smartrope.id, event(T0 + 3_600, 900));
    expect(await count()).toBe(1);
    await deliver(smartrope.id, event(T0 + 3_600, 900));
    expect(await count()).toBe(1);
    await deliver(smartrope.id, event(T0 + 7_200, 700));
    expect(await count()).toBe(1);
    await deliver(smartrope.id, event(T0 + 10_800, 950));
    expect(await count()).toBe(2);
    const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.installationId, installationA));
    expect(row).toMatchObject({ ropeId: ropeA, threshold: 800 });
  });
});
