import { ropes, sensorMeasurements, smartropeEvents } from '@rope/db/schema/index';
import { count, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { brokerUnreachable, MQTT_URL } from '../../../test/support/mqtt-broker.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { type MqttIntake, startMqttIntake } from './mqtt-intake.ts';

const brokerMissing = await brokerUnreachable();
const skipNote = brokerMissing ? ` (skipped: ${brokerMissing})` : '';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(Boolean(brokerMissing))(`MQTT intake on the real broker${skipNote}`, () => {
  let t: TestApp;
  let intake: MqttIntake;
  let device: MqttClient;
  let ropeId: number;
  let deviceId: number;
  let sensorId: number;
  let smartropeId: number;
  const clientId = `intake-test-${process.pid}`;

  beforeAll(async () => {
    t = await createTestApp({}, { processJobs: true });
    const cast = createCast(t);
    await cast.add('admin', ['ROLE_ADMIN'], []);
    const mandator = await seedMandator(t.ctx.db);
    const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
    ropeId = (await seedRope(t.ctx.db, installation.id)).id;
    const created = (
      await cast.call('admin', 'POST', '/sensor-devices', {
        sensorDevice: { name: 'MQTT device', rope: { id: ropeId }, sensors: [{ name: 'Tension' }] },
      })
    ).json().sensorDevice;
    deviceId = created.id;
    sensorId = created.sensors[0].id;
    smartropeId = (
      await cast.call('admin', 'POST', '/smartropes', {
        smartrope: { name: 'MQTT smartrope', uuid: `MQTT-${process.pid}-${Date.now()}`, rope: { id: ropeId } },
      })
    ).json().smartrope.id;
    intake = await startMqttIntake(t.ctx, MQTT_URL, clientId);
    device = await mqtt.connectAsync(MQTT_URL, { clientId: `${clientId}-device` });
  });
  afterAll(async () => {
    await device?.endAsync();
    // The intake's persistent session is this test's own: leave nothing behind on the broker.
    await intake?.close();
    const cleanup = await mqtt.connectAsync(MQTT_URL, { clientId, clean: true });
    await cleanup.endAsync();
    await t?.close();
  });

  const stored = async () =>
    Number(
      (
        await t.ctx.db.select({ n: count() }).from(sensorMeasurements).where(eq(sensorMeasurements.sensorId, sensorId))
      )[0]?.n ?? 0,
    );

  it('imports readings at least once and idempotently, and skips a message that can never be imported', async () => {
    const readings = Array.from({ length: 1_000 }, (_, i) => ({
      sensor: sensorId,
      ts: new Date(Date.UTC(2026, 6, 1) + i * 1000).toISOString(),
      value: i / 10,
    }));
    const topic = `rope-cockpit/sensor-devices/${deviceId}/measurements`;
    await device.publishAsync(topic, 'not json {', { qos: 1 });
    await device.publishAsync(topic, JSON.stringify({ measurements: [{ sensor: sensorId, ts: 'soon', value: 1 }] }), {
      qos: 1,
    });
    await device.publishAsync(topic, JSON.stringify({ measurements: readings }), { qos: 1 });
    await device.publishAsync(topic, JSON.stringify({ measurements: readings.slice(0, 500) }), { qos: 1 });
    expect(await until(stored, (n) => n === 1_000)).toBe(1_000);
    // The repeat of the first half arrives after the whole batch and changes nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stored()).toBe(1_000);
  });

  it('takes smartrope events and TRUscan state from their topics', async () => {
    // Text PostgreSQL cannot store (a lone surrogate, a NUL) is refused like an HTTP body: never stored, never retried.
    for (const sensorName of ['Strain\ud800', 'Strain\udc00', 'Strain\u0000']) {
      await device.publishAsync(
        `rope-cockpit/smartropes/${smartropeId}/events`,
        JSON.stringify({ event: { sensorName, type: 'info', unixTimestamp: 1_790_000_000, measurements: [] } }),
        { qos: 1 },
      );
    }
    await device.publishAsync(
      `rope-cockpit/smartropes/${smartropeId}/events`,
      JSON.stringify({
        event: {
          sensorName: 'Strain',
          type: 'info',
          unixTimestamp: 1_790_000_000,
          measurements: [{ unixTimestamp: 1_790_000_000, value: 412 }],
        },
      }),
      { qos: 1 },
    );
    await device.publishAsync(
      `rope-cockpit/ropes/${ropeId}/truscan/state`,
      JSON.stringify({ truscanAttributes: { status: 'measuring', ropeSpeed: 4.5 } }),
      { qos: 1 },
    );
    const events = await until(
      () => t.ctx.db.select().from(smartropeEvents).where(eq(smartropeEvents.smartropeId, smartropeId)),
      (rows) => rows.length === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.ctx.db.select().from(smartropeEvents).where(eq(smartropeEvents.smartropeId, smartropeId))).toEqual(
      events,
    );
    expect(events).toMatchObject([{ sensorName: 'Strain', type: 'info' }]);
    const [rope] = await until(
      () => t.ctx.db.select({ truscan: ropes.truscanAttributes }).from(ropes).where(eq(ropes.id, ropeId)),
      (rows) => (rows[0]?.truscan as { status?: string } | undefined)?.status === 'measuring',
    );
    expect(rope!.truscan).toEqual({ status: 'measuring', ropeSpeed: 4.5 });
  });

  it('keeps messages for a worker that was away and imports them when it is back', async () => {
    await intake.close();
    const readings = [{ sensor: sensorId, ts: '2026-08-01T00:00:00Z', value: 7 }];
    await device.publishAsync(
      `rope-cockpit/sensor-devices/${deviceId}/measurements`,
      JSON.stringify({ measurements: readings }),
      {
        qos: 1,
      },
    );
    expect(await stored()).toBe(1_000);
    intake = await startMqttIntake(t.ctx, MQTT_URL, clientId);
    expect(await until(stored, (n) => n === 1_001)).toBe(1_001);
  });
});
