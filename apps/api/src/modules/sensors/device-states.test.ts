import type { RopeDeviceState } from '@rope/domain/sensors/device-state-views';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedApiKey, seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const HOUR = 3_600_000;

// That show-as-user needs the impersonate right, and 401 without a session, is proven by
// authorization/show-as-user.test.ts and matrix.test.ts.
describe('device states of the visible ropes', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let ropeA: number;
  let ropeB: number;
  let plainRope: number;
  let importA: string;
  let importB: string;
  let sensorIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const a = await seedMandator(t.ctx.db);
    const b = await seedMandator(t.ctx.db);
    const installationA = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, a.id)).id, 'Gondola A');
    const installationB = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, b.id)).id, 'Gondola B');
    ropeA = (await seedRope(t.ctx.db, installationA.id, 'Haul rope A')).id;
    plainRope = (await seedRope(t.ctx.db, installationA.id, 'Rope without devices')).id;
    ropeB = (await seedRope(t.ctx.db, installationB.id, 'Haul rope B')).id;
    await cast.add('admin', ['ROLE_ADMIN'], []);
    await cast.add('clientA', ['ROLE_USER'], [a.id]);
    await cast.add('clientB', ['ROLE_USER'], [b.id]);
    importA = (await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [a.id])).key;
    importB = (await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [b.id])).key;

    const device = async (ropeId: number, names: string[]) =>
      (
        await cast.call('admin', 'POST', '/sensor-devices', {
          sensorDevice: {
            name: `SB ${ropeId}`,
            rope: { id: ropeId },
            sensors: names.map((name) => ({ name, attributes: { isEnabled: true } })),
          },
        })
      ).json().sensorDevice;
    const deviceA = await device(ropeA, ['Tension', 'Wind', 'Temperature']);
    await device(ropeB, ['Tension B']);
    sensorIds = deviceA.sensors.map((sensor: { id: number }) => sensor.id);
    const now = Date.now();
    const readings = (sensorId: number, at: number) => [{ sensor: sensorId, ts: new Date(at).toISOString(), value: 1 }];
    const ingested = await t.app.inject({
      method: 'POST',
      url: `/api/sensor-devices/${deviceA.id}/measurements`,
      headers: { authorization: `Bearer ${importA}` },
      payload: {
        measurements: [...readings(sensorIds[0]!, now - 10 * 60_000), ...readings(sensorIds[1]!, now - 30 * HOUR)],
      },
    });
    expect(ingested.statusCode, ingested.body).toBe(200);

    const smartrope = (
      await cast.call('admin', 'POST', '/smartropes', {
        smartrope: { name: 'SR A', uuid: 'SR-A-1', rope: { id: ropeA } },
      })
    ).json().smartrope;
    for (const [k, sensorName] of ['Strain', 'Magnetic flux'].entries()) {
      const answer = await cast.call('admin', 'POST', `/smartropes/${smartrope.id}/events`, {
        event: { sensorName, type: 'anomaly', unixTimestamp: 1_780_000_000 + k, measurements: [] },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const reported = await t.app.inject({
      method: 'PATCH',
      url: `/api/ropes/${ropeA}/truscan`,
      headers: { authorization: `Bearer ${importA}` },
      payload: {
        truscanAttributes: {
          status: 'waiting',
          bendingCycles: 123_456,
          lastMeasurement: 1_780_000_000,
          nextMeasurement: 1_780_086_400,
          uploadAmount: 2048,
        },
      },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const reportedB = await t.app.inject({
      method: 'PATCH',
      url: `/api/ropes/${ropeB}/truscan`,
      headers: { authorization: `Bearer ${importB}` },
      payload: { truscanAttributes: { status: 'error' } },
    });
    expect(reportedB.statusCode, reportedB.body).toBe(200);
  });
  afterAll(() => t.close());

  const statesOf = async (who: string) => {
    const answer = await cast.call(who, 'GET', '/ropes/device-states');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().ropeDeviceStates as RopeDeviceState[];
  };

  it('answers TRUscan figures, each sensor with its newest reading, and the unacknowledged smartrope events', async () => {
    const [state] = await statesOf('clientA');
    expect(state).toMatchObject({
      rope: { id: ropeA, name: 'Haul rope A' },
      installation: { name: 'Gondola A' },
      truscan: {
        status: 'waiting',
        bendingCycles: 123_456,
        lastMeasurement: 1_780_000_000,
        nextMeasurement: 1_780_086_400,
      },
      smartropeCount: 1,
      unacknowledgedSmartropeEvents: 2,
    });
    // Only what the dashboard shows: no upload figures.
    expect(Object.keys(state!.truscan!).sort()).toEqual([
      'bendingCycles',
      'lastMeasurement',
      'nextMeasurement',
      'status',
    ]);
    const sensors = state!.sensors;
    expect(sensors.map((sensor) => sensor.id)).toEqual(sensorIds);
    expect(Date.now() - Date.parse(sensors[0]!.lastMeasurementAt!)).toBeLessThan(HOUR);
    expect(Date.now() - Date.parse(sensors[1]!.lastMeasurementAt!)).toBeGreaterThan(29 * HOUR);
    expect(sensors[2]!.lastMeasurementAt).toBeNull();
  });

  it('counts an event as open until it is acknowledged', async () => {
    const [event] = (await cast.call('clientA', 'GET', `/ropes/${ropeA}/smartrope-events`)).json().events;
    const acknowledged = await cast.call('clientA', 'PATCH', `/smartropes/events/${event.id}`, {
      event: { attributes: { isAcknowledged: true } },
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const [state] = await statesOf('clientA');
    expect(state).toMatchObject({ unacknowledgedSmartropeEvents: 1 });
  });

  it('never shows a foreign rope or its devices; ropes without devices are left out', async () => {
    expect((await statesOf('clientA')).map((state) => state.rope.id)).toEqual([ropeA]);
    expect((await statesOf('clientB')).map((state) => state.rope.id)).toEqual([ropeB]);
    const admin = (await statesOf('admin')).map((state) => state.rope.id);
    expect(admin).toEqual(expect.arrayContaining([ropeA, ropeB]));
    expect(admin).not.toContain(plainRope);
  });

  it('shows what the impersonated user sees', async () => {
    const asB = await cast.call('admin', 'GET', `/ropes/device-states?showAsUser=${cast.ids.clientB}`);
    expect(asB.json().ropeDeviceStates.map((state: { rope: { id: number } }) => state.rope.id)).toEqual([ropeB]);
  });
});
