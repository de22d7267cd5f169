import { ropes } from '@rope/db/schema/index';
import { sensorAggregatesAnswerSchema } from '@rope/domain/sensors/views';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedApiKey, seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const tension = {
  isEnabled: true,
  chartTitle: 'Rope tension',
  yMin: 0,
  yMax: 400,
  plotlines: [{ name: 'Alarm', position: 350, color: '#fa5252' }],
  values: [{ fragment: 'tension', name: 'Tension', unit: 'kN', isEnabled: true, offset: 0, trendlines: { max: true } }],
};

// Who may call each device route, and that a foreign or missing device, rope or sensor answers 404 alike, is proven by
// authorization/matrix.test.ts and foreign-like-missing.test.ts.
describe('sensor devices', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let ropeA: number;
  let archivedRope: number;
  let importKey: string;

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const a = await seedMandator(t.ctx.db);
    const installationA = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, a.id)).id);
    ropeA = (await seedRope(t.ctx.db, installationA.id, 'Haul rope')).id;
    archivedRope = (await seedRope(t.ctx.db, installationA.id)).id;
    await t.ctx.db.update(ropes).set({ isDeleted: true }).where(eq(ropes.id, archivedRope));
    await cast.add('admin', ['ROLE_ADMIN'], []);
    await cast.add('clientA', ['ROLE_USER'], [a.id]);
    importKey = (await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [a.id])).key;
  });
  afterAll(() => t.close());

  const create = (body: object) => cast.call('admin', 'POST', '/sensor-devices', { sensorDevice: body });
  const ingest = (deviceId: number, measurements: object[], key = importKey) =>
    t.app.inject({
      method: 'POST',
      url: `/api/sensor-devices/${deviceId}/measurements`,
      headers: { authorization: `Bearer ${key}` },
      payload: { measurements },
    });

  it('lets an admin register, list and change a device; a read written back changes nothing', async () => {
    const created = await create({
      name: 'SB-01 Haul rope',
      rope: { id: ropeA },
      attributes: { imei: '350000000000001', firmware: '2.4.1' },
      sensors: [{ name: 'Tension', attributes: tension }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const device = created.json().sensorDevice;
    expect(device).toMatchObject({
      name: 'SB-01 Haul rope',
      rope: { id: ropeA, name: 'Haul rope' },
      sensors: [{ name: 'Tension', isDeleted: false, lastMeasurementAt: null }],
    });
    expect(device.sensors[0].attributes.plotlines).toEqual(tension.plotlines);

    const listed = await cast.call('admin', 'GET', '/sensor-devices?search=sb-01');
    expect(listed.json()).toMatchObject({ total: 1, sensorDevices: [{ id: device.id }] });

    const same = await cast.call('admin', 'PATCH', `/sensor-devices/${device.id}`, { sensorDevice: device });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().sensorDevice).toEqual(device);

    const renamed = await cast.call('admin', 'PATCH', `/sensor-devices/${device.id}`, {
      sensorDevice: { name: 'SB-01', sensors: [{ id: device.sensors[0].id, attributes: { yMax: 500 } }] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().sensorDevice).toMatchObject({
      name: 'SB-01',
      rope: { id: ropeA },
      attributes: { firmware: '2.4.1' },
    });
    expect(renamed.json().sensorDevice.sensors[0].attributes).toMatchObject({ yMax: 500, chartTitle: 'Rope tension' });

    const added = await cast.call('admin', 'PATCH', `/sensor-devices/${device.id}`, {
      sensorDevice: { sensors: [{ name: 'Temperature' }], rope: null },
    });
    expect(added.json().sensorDevice.sensors.map((s: { name: string }) => s.name)).toEqual(['Tension', 'Temperature']);
    expect(added.json().sensorDevice.rope).toBeNull();
  });

  it('adds a sensor sent in a PATCH with null attributes: null removes nothing from a new one', async () => {
    const device = (await create({ name: 'SB-03' })).json().sensorDevice;
    const added = await cast.call('admin', 'PATCH', `/sensor-devices/${device.id}`, {
      sensorDevice: { sensors: [{ name: 'Humidity', attributes: { isEnabled: null, plotlines: null, yMax: 90 } }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const [sensor] = added.json().sensorDevice.sensors;
    expect(sensor.name).toBe('Humidity');
    expect(sensor.attributes.yMax).toBe(90);
    expect(sensor.attributes).not.toHaveProperty('plotlines', null);
  });

  it('holds the plotline rule: name and position both once either is filled; an empty row is dropped', async () => {
    const device = (await create({ name: 'SB-02', sensors: [{ name: 'Wind' }] })).json().sensorDevice;
    const sensorId = device.sensors[0].id;
    const patchPlotlines = (plotlines: object[]) =>
      cast.call('admin', 'PATCH', `/sensor-devices/${device.id}`, {
        sensorDevice: { sensors: [{ id: sensorId, attributes: { plotlines } }] },
      });
    const nameOnly = await patchPlotlines([{ name: 'Shut down' }]);
    expect(nameOnly.statusCode).toBe(400);
    expect(nameOnly.json().fieldKeys).toEqual({
      'sensorDevice.sensors.0.attributes.plotlines.0.position': { key: 'sensors.validation.plotlinePosition' },
    });
    const positionOnly = await patchPlotlines([{ name: ' ', position: 20 }]);
    expect(positionOnly.json().fieldKeys).toHaveProperty('sensorDevice.sensors.0.attributes.plotlines.0.name');
    const kept = await patchPlotlines([
      { name: '', position: null },
      { name: 'Shut down', position: 20 },
    ]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().sensorDevice.sensors[0].attributes.plotlines).toEqual([
      { name: 'Shut down', position: 20, color: '#fa5252' },
    ]);
    const upsideDown = await cast.call('admin', 'PATCH', `/sensor-devices/${device.id}`, {
      sensorDevice: { sensors: [{ id: sensorId, attributes: { yMin: 10, yMax: 5 } }] },
    });
    expect(upsideDown.json().fieldKeys).toHaveProperty('sensorDevice.sensors.0.attributes.yMax');
    const stored = (await cast.call('admin', 'GET', `/sensor-devices/${device.id}`)).json().sensorDevice;
    expect(stored.sensors[0].attributes.yMin).toBeUndefined();
  });

  it('mounts a device only on a rope that exists and is not archived, and only sensors of its own', async () => {
    const missing = await create({ name: 'SB-03', rope: { id: 999_999 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldKeys).toEqual({ 'sensorDevice.rope': { key: 'app.errors.noSuchRope' } });
    expect((await create({ name: 'SB-03', rope: { id: archivedRope } })).statusCode).toBe(422);
    const other = (await create({ name: 'SB-04', sensors: [{ name: 'X' }] })).json().sensorDevice;
    const mine = (await create({ name: 'SB-05' })).json().sensorDevice;
    const stolen = await cast.call('admin', 'PATCH', `/sensor-devices/${mine.id}`, {
      sensorDevice: { sensors: [{ id: other.sensors[0].id, name: 'Mine now' }] },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fieldKeys['sensorDevice.sensors.0.id'].key).toBe('sensors.validation.foreignSensor');
  });

  it('lists a rope’s devices to its client and refuses a measurement range that runs backwards', async () => {
    const onA = (await create({ name: 'SB-A', rope: { id: ropeA }, sensors: [{ name: 'Tension' }] })).json()
      .sensorDevice;
    const mine = await cast.call('clientA', 'GET', `/ropes/${ropeA}/sensor-devices`);
    expect(mine.json().sensorDevices.map((d: { id: number }) => d.id)).toContain(onA.id);
    const range = 'from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z';
    expect((await cast.call('clientA', 'GET', `/sensors/${onA.sensors[0].id}/measurements?${range}`)).statusCode).toBe(
      200,
    );
    const backwards = await cast.call(
      'clientA',
      'GET',
      `/sensors/${onA.sensors[0].id}/measurements?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`,
    );
    expect(backwards.statusCode).toBe(400);
  });

  describe('ingestion', () => {
    let device: { id: number; sensors: { id: number }[] };
    beforeAll(async () => {
      device = (
        await create({ name: 'SB-I', rope: { id: ropeA }, sensors: [{ name: 'Tension' }, { name: 'Temperature' }] })
      ).json().sensorDevice;
    });
    const readings = (n: number, sensor: number) =>
      Array.from({ length: n }, (_, i) => ({
        sensor,
        ts: new Date(Date.UTC(2026, 5, 1) + i * 17_000).toISOString(),
        value: i % 7,
      }));
    const hourRollup = async () =>
      (
        await cast.call(
          'admin',
          'GET',
          `/sensors/${device.sensors[0]!.id}/measurements-aggregates?from=2026-05-01T00:00:00Z&to=2026-07-01T00:00:00Z&buckets=100`,
        )
      ).json();

    it('stores a batch once: a repeated batch changes nothing, the rollups included', async () => {
      const batch = readings(500, device.sensors[0]!.id);
      const first = await ingest(device.id, batch);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ inserted: 500, duplicates: 0 });
      const before = await hourRollup();
      expect(before.trend.count).toBe(500);
      // It leaves as plain JSON (routes.ts): exactly its schema, no field more, none missing.
      expect(sensorAggregatesAnswerSchema.parse(before)).toEqual(before);
      const again = await ingest(device.id, [...batch, ...batch.slice(0, 3)]);
      expect(again.json()).toEqual({ inserted: 0, duplicates: 503 });
      expect(await hourRollup()).toEqual(before);
      const withinBatch = await ingest(device.id, [
        batch[0]!,
        { ...batch[0]!, ts: '2026-06-30T00:00:00Z' },
        { ...batch[0]!, ts: '2026-06-30T00:00:00Z', value: 99 },
      ]);
      expect(withinBatch.json()).toEqual({ inserted: 1, duplicates: 2 });
      const listed = (await cast.call('admin', 'GET', `/sensor-devices/${device.id}`)).json().sensorDevice;
      expect(listed.sensors[0].lastMeasurementAt).toBe('2026-06-30T00:00:00.000Z');
    });

    it('tells apart readings a microsecond apart and keeps the rollups of every kind of batch equal to the readings', async () => {
      const sensor = device.sensors[0]!.id;
      const fine = [
        { sensor, ts: '2026-08-01T10:00:00.000100Z', value: 1 },
        { sensor, ts: '2026-08-01T10:00:00.000200Z', value: 2 },
        { sensor, ts: '2026-08-01T12:00:00.0001+02:00', value: 4 },
      ];
      expect((await ingest(device.id, fine)).json()).toEqual({ inserted: 2, duplicates: 1 });
      expect((await ingest(device.id, fine)).json()).toEqual({ inserted: 0, duplicates: 3 });
      const coarse = [
        { sensor, ts: '2026-08-01T10:00:30Z', value: 8 },
        { sensor, ts: '2026-08-01T12:00:30+02:00', value: 16 },
        { sensor, ts: '2026-08-01T10:59:00.5Z', value: -1 },
      ];
      expect((await ingest(device.id, coarse)).json()).toEqual({ inserted: 2, duplicates: 1 });
      const range = 'from=2026-08-01T10:00:00Z&to=2026-08-01T11:00:00Z';
      const bySource = await Promise.all(
        [1, 60, 1_000].map(async (buckets) => {
          const body = (
            await cast.call('admin', 'GET', `/sensors/${sensor}/measurements-aggregates?${range}&buckets=${buckets}`)
          ).json();
          return { source: body.source, trend: body.trend };
        }),
      );
      expect(bySource.map((answer) => answer.source)).toEqual(['hour', 'minute', 'raw']);
      for (const answer of bySource) expect(answer.trend).toEqual({ count: 4, min: -1, max: 8, avg: 2.5 });
    });

    it('refuses the whole batch for one bad row and names the row', async () => {
      const sensor = device.sensors[1]!.id;
      const batch: object[] = readings(10, sensor);
      batch[3] = { sensor, ts: '2026-06-01T00:00:00Z', value: 'high' };
      const bad = await ingest(device.id, batch);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(['measurements.3.value']);
      const badTime = await ingest(device.id, [{ sensor, ts: 'yesterday', value: 1 }]);
      expect(Object.keys(badTime.json().fields)).toEqual(['measurements.0.ts']);
      // Year 0000 passes ISO 8601 but is no PostgreSQL time: a 400 naming the row, never a 500.
      const yearZero = await ingest(device.id, [{ sensor, ts: '0000-01-01T00:00:00Z', value: 1 }]);
      expect(yearZero.statusCode, yearZero.body).toBe(400);
      expect(Object.keys(yearZero.json().fields)).toEqual(['measurements.0.ts']);
      const foreignRow = await ingest(device.id, [
        ...readings(2, sensor),
        { sensor: 999_999, ts: '2026-06-01T00:00:00Z', value: 1 },
      ]);
      expect(foreignRow.statusCode).toBe(400);
      expect(foreignRow.json().fieldKeys).toEqual({
        'measurements.2.sensor': { key: 'sensors.validation.foreignSensor', params: { sensor: 999_999 } },
      });
      const stored = await cast.call(
        'admin',
        'GET',
        `/sensors/${sensor}/measurements?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z`,
      );
      expect(stored.json()).toEqual({ measurements: [], truncated: false });
    });

    it('answers an import key a device mounted on no rope as a missing one', async () => {
      const unplaced = (await create({ name: 'SB-U', sensors: [{ name: 'T' }] })).json().sensorDevice;
      const one = (sensor: number) => [{ sensor, ts: '2026-06-01T00:00:00Z', value: 1 }];
      expect((await ingest(unplaced.id, one(unplaced.sensors[0].id))).statusCode).toBe(404);
    });
  });
});
