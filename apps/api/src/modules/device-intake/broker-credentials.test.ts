import { hostname } from 'node:os';
import { ropes, sensorMeasurements, smartropeEvents } from '@rope/db/schema/index';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import {
  brokerClients,
  type DynsecBroker,
  dynsecBrokerMissing,
  startDynsecBroker,
} from '../../../test/support/mosquitto-dynsec.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createDynsecAdmin } from '../../infra/mqtt-dynsec.ts';
import { importActorFor, intakeClientId, type MqttIntake, startMqttIntake } from './mqtt-intake.ts';

const missing = dynsecBrokerMissing();

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const COCKPIT = { username: 'cockpit', password: `cockpit-${process.pid}` };
const TRUSCAN = { username: 'truscan-rope', password: `truscan-${process.pid}` };

const brokerTitle = `each device with its own credentials on the broker${missing ? ` (skipped: ${missing})` : ''}`;

describe.skipIf(Boolean(missing))(brokerTitle, () => {
  let broker: DynsecBroker;
  let t: TestApp;
  let intake: MqttIntake;
  let cast: ReturnType<typeof createCast>;
  let ropeA: number;
  let ropeB: number;

  const { connectAs, login: refusedLogin, closeAll } = brokerClients(() => broker);

  async function newDevice(ropeId: number | null, name = 'Broker device') {
    const response = await cast.call('admin', 'POST', '/sensor-devices', {
      sensorDevice: { name, rope: ropeId === null ? null : { id: ropeId }, sensors: [{ name: 'Tension' }] },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    return {
      id: body.sensorDevice.id as number,
      sensor: body.sensorDevice.sensors[0].id as number,
      credentials: body.brokerCredentials as { username: string; password: string; publish: string[] },
    };
  }
  const stored = async (sensorId: number) =>
    Number(
      (
        await t.ctx.db.select({ n: count() }).from(sensorMeasurements).where(eq(sensorMeasurements.sensorId, sensorId))
      )[0]?.n ?? 0,
    );
  const reading = (sensor: number, value: number, second = value) => ({
    measurements: [{ sensor, ts: new Date(Date.UTC(2026, 6, 1, 0, 0, second)).toISOString(), value }],
  });

  beforeAll(async () => {
    broker = await startDynsecBroker();
    // The operator's part (infra/mosquitto/init-dynsec.sh): the cockpit's own client, which reads every device topic
    // and sends TRUscan commands, and a TRUscan credentialed by hand for one rope.
    const admin = createDynsecAdmin({ url: broker.url, ...broker.admin });
    const answers = await admin.run([
      { command: 'createRole', rolename: 'cockpit' },
      { command: 'addRoleACL', rolename: 'cockpit', acltype: 'subscribePattern', topic: 'rope-cockpit/#', allow: true },
      {
        command: 'addRoleACL',
        rolename: 'cockpit',
        acltype: 'publishClientSend',
        topic: 'rope-cockpit/ropes/+/truscan/commands',
        allow: true,
      },
      { command: 'createClient', ...COCKPIT, roles: [{ rolename: 'cockpit' }] },
    ]);
    expect(answers.filter((answer) => answer.error)).toEqual([]);
    await admin.close();

    t = await createTestApp({
      MQTT_URL: `mqtt://${COCKPIT.username}:${COCKPIT.password}@127.0.0.1:${broker.port}`,
      MQTT_ADMIN_USERNAME: broker.admin.username,
      MQTT_ADMIN_PASSWORD: broker.admin.password,
    });
    cast = createCast(t);
    await cast.add('admin', ['ROLE_ADMIN'], []);
    const ropeIn = async () => {
      const mandator = await seedMandator(t.ctx.db);
      const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
      return (await seedRope(t.ctx.db, installation.id)).id;
    };
    ropeA = await ropeIn();
    ropeB = await ropeIn();
    intake = await startMqttIntake(t.ctx, t.ctx.env.MQTT_URL!, `broker-test-${process.pid}`);
  }, 30_000);
  afterAll(async () => {
    await closeAll();
    await intake?.close();
    await t?.close();
    await broker?.stop();
  });

  it('gives a new device its credentials once, and its readings arrive', async () => {
    const device = await newDevice(ropeA);
    expect(device.credentials).toMatchObject({
      username: `sensor-device-${device.id}`,
      publish: [`rope-cockpit/sensor-devices/${device.id}/measurements`],
      subscribe: [`rope-cockpit/sensor-devices/${device.id}/commands`],
    });
    expect(device.credentials.password).toMatch(/^[A-Za-z0-9]{32}$/);
    const access = (await cast.call('admin', 'GET', `/sensor-devices/${device.id}/broker-credentials`)).json();
    expect(access).toEqual({
      brokerAccess: {
        configured: true,
        username: `sensor-device-${device.id}`,
        enabled: true,
        publish: device.credentials.publish,
        subscribe: [`rope-cockpit/sensor-devices/${device.id}/commands`],
      },
    });
    expect(JSON.stringify(access)).not.toContain(device.credentials.password);

    const client = await connectAs(device.credentials.username, device.credentials.password);
    const granted = await client.subscribeAsync(`rope-cockpit/sensor-devices/${device.id}/commands`, { qos: 1 });
    expect(granted[0]?.qos).toBe(1);
    await client.publishAsync(device.credentials.publish[0]!, JSON.stringify(reading(device.sensor, 1)), { qos: 1 });
    expect(
      await until(
        () => stored(device.sensor),
        (n) => n === 1,
      ),
    ).toBe(1);
  });

  it('refuses a device publishing under another device’s topic: nothing of it arrives', async () => {
    const victim = await newDevice(ropeA, 'Victim');
    const intruder = await newDevice(ropeB, 'Intruder');
    const client = await connectAs(intruder.credentials.username, intruder.credentials.password);
    // The broker says so (MQTT 5: 135, not authorised) and drops the message.
    const refused = await client
      .publishAsync(
        `rope-cockpit/sensor-devices/${victim.id}/measurements`,
        JSON.stringify(reading(victim.sensor, 1)),
        {
          qos: 1,
        },
      )
      .then(
        (packet) => (packet as { reasonCode?: number } | undefined)?.reasonCode ?? 0,
        (error: { code?: number }) => error.code ?? -1,
      );
    expect(refused).toBe(135);
    // Nor may it read another device's commands, or write a rope's TRUscan state.
    await expect(
      client.subscribeAsync(`rope-cockpit/sensor-devices/${victim.id}/commands`, { qos: 1 }),
    ).rejects.toThrow(/not authori[sz]ed/i);
    // The victim's own reading comes after the intruder's attempt: when it is in, the attempt would have been too.
    const own = await connectAs(victim.credentials.username, victim.credentials.password);
    await own.publishAsync(victim.credentials.publish[0]!, JSON.stringify(reading(victim.sensor, 2)), { qos: 1 });
    expect(
      await until(
        () => stored(victim.sensor),
        (n) => n >= 1,
      ),
    ).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await t.ctx.db
      .select({ value: sensorMeasurements.value })
      .from(sensorMeasurements)
      .where(eq(sensorMeasurements.sensorId, victim.sensor));
    expect(rows).toEqual([{ value: 2 }]);
  });

  it('new credentials stop the old password at once', async () => {
    const device = await newDevice(ropeA);
    // A connection made with the old password is not dropped by the change; a device reconnecting later cannot.
    await connectAs(device.credentials.username, device.credentials.password);
    const renewed = await cast.call('admin', 'POST', `/sensor-devices/${device.id}/broker-credentials`);
    expect(renewed.statusCode).toBe(200);
    const { brokerCredentials } = renewed.json();
    expect(brokerCredentials.username).toBe(device.credentials.username);
    expect(brokerCredentials.password).not.toBe(device.credentials.password);
    expect(await refusedLogin(device.credentials.username, device.credentials.password)).toMatch(/not authori[sz]ed/i);
    const second = await connectAs(brokerCredentials.username, brokerCredentials.password);
    await second.publishAsync(brokerCredentials.publish[0], JSON.stringify(reading(device.sensor, 3)), { qos: 1 });
    expect(
      await until(
        () => stored(device.sensor),
        (n) => n === 1,
      ),
    ).toBe(1);
  });

  it('a revoked device can no longer connect and is dropped; new credentials let it in again', async () => {
    const device = await newDevice(ropeA);
    const client = await connectAs(device.credentials.username, device.credentials.password);
    const dropped = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const revoked = await cast.call('admin', 'DELETE', `/sensor-devices/${device.id}/broker-credentials`);
    expect(revoked.statusCode).toBe(204);
    await dropped;
    expect(await refusedLogin(device.credentials.username, device.credentials.password)).toMatch(/not authori[sz]ed/i);
    const access = (await cast.call('admin', 'GET', `/sensor-devices/${device.id}/broker-credentials`)).json();
    expect(access.brokerAccess).toMatchObject({ username: device.credentials.username, enabled: false });
    // Revoking again changes nothing.
    expect((await cast.call('admin', 'DELETE', `/sensor-devices/${device.id}/broker-credentials`)).statusCode).toBe(
      204,
    );
    const renewed = (await cast.call('admin', 'POST', `/sensor-devices/${device.id}/broker-credentials`)).json();
    expect(await refusedLogin(device.credentials.username, renewed.brokerCredentials.password)).toBe('connected');
  });

  it('gives a smartrope its own client, whose events arrive', async () => {
    const created = await cast.call('admin', 'POST', '/smartropes', {
      smartrope: { name: 'Broker smartrope', uuid: `BRK-${process.pid}-${Date.now()}`, rope: { id: ropeB } },
    });
    const { smartrope, brokerCredentials } = created.json();
    expect(brokerCredentials).toMatchObject({
      username: `smartrope-${smartrope.id}`,
      publish: [`rope-cockpit/smartropes/${smartrope.id}/events`],
    });
    const client = await connectAs(brokerCredentials.username, brokerCredentials.password);
    const event = { sensorName: 'Strain', type: 'info', unixTimestamp: 1_790_000_000, measurements: [] };
    await client.publishAsync(brokerCredentials.publish[0], JSON.stringify({ event }), { qos: 1 });
    const rows = await until(
      () => t.ctx.db.select().from(smartropeEvents).where(eq(smartropeEvents.smartropeId, smartrope.id)),
      (found) => found.length === 1,
    );
    expect(rows).toHaveLength(1);
    // Its client may not write a rope's TRUscan state.
    const truscan = await client
      .publishAsync(`rope-cockpit/ropes/${ropeB}/truscan/state`, JSON.stringify({ truscanAttributes: {} }), { qos: 1 })
      .then(
        (packet) => (packet as { reasonCode?: number } | undefined)?.reasonCode ?? 0,
        (error: { code?: number }) => error.code ?? -1,
      );
    expect(truscan).toBe(135);
  });

  it('takes TRUscan state from the client the operator gave that rope', async () => {
    const admin = createDynsecAdmin({ url: broker.url, ...broker.admin });
    const topic = `rope-cockpit/ropes/${ropeB}/truscan/state`;
    await admin.run([
      { command: 'createRole', rolename: TRUSCAN.username },
      { command: 'addRoleACL', rolename: TRUSCAN.username, acltype: 'publishClientSend', topic, allow: true },
      { command: 'createClient', ...TRUSCAN, roles: [{ rolename: TRUSCAN.username }] },
    ]);
    await admin.close();
    const client = await connectAs(TRUSCAN.username, TRUSCAN.password);
    await client.publishAsync(topic, JSON.stringify({ truscanAttributes: { status: 'measuring' } }), { qos: 1 });
    const [rope] = await until(
      () => t.ctx.db.select({ truscan: ropes.truscanAttributes }).from(ropes).where(eq(ropes.id, ropeB)),
      (found) => (found[0]?.truscan as { status?: string } | undefined)?.status === 'measuring',
    );
    expect(rope!.truscan).toMatchObject({ status: 'measuring' });
  });

  it('imports as an import key of the device’s own mandator, and refuses a device on no rope', async () => {
    const device = await newDevice(ropeA);
    const actor = await importActorFor(t.ctx, 'sensorDevice', device.id);
    expect(actor.roles).toEqual(['ROLE_API_IMPORT']);
    expect(actor.mandatorIds).toHaveLength(1);
    const loose = await newDevice(null);
    await expect(importActorFor(t.ctx, 'sensorDevice', loose.id)).rejects.toThrow('No such sensor device');
    const client = await connectAs(loose.credentials.username, loose.credentials.password);
    await client.publishAsync(loose.credentials.publish[0]!, JSON.stringify(reading(loose.sensor, 1)), { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stored(loose.sensor)).toBe(0);
  });

  it('answers 503 with a clear message when the admin client cannot use the plugin', async () => {
    const saved = t.ctx.brokerAdmin;
    // The cockpit's own client may not use $CONTROL: as a broker without the plugin, no answer comes.
    t.ctx.brokerAdmin = createDynsecAdmin({ url: broker.url, ...COCKPIT, timeoutMs: 500 });
    try {
      const device = await cast.call('admin', 'POST', '/sensor-devices', { sensorDevice: { name: 'No plugin' } });
      expect(device.statusCode).toBe(200);
      expect(device.json().brokerCredentials).toBeUndefined();
      expect(device.json().brokerProblem).toEqual({ key: 'app.errors.brokerUnavailable' });
      const renewed = await cast.call(
        'admin',
        'POST',
        `/sensor-devices/${device.json().sensorDevice.id}/broker-credentials`,
      );
      expect(renewed.statusCode).toBe(503);
      expect(renewed.json()).toMatchObject({ code: 'UNAVAILABLE', key: 'app.errors.brokerUnavailable' });
    } finally {
      await t.ctx.brokerAdmin.close();
      t.ctx.brokerAdmin = saved;
    }
  });
});

describe('without a broker to administer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('registers devices without credentials, and says devices use the HTTP import', async () => {
    const cast = createCast(t);
    await cast.add('admin', ['ROLE_ADMIN'], []);
    const created = await cast.call('admin', 'POST', '/sensor-devices', { sensorDevice: { name: 'HTTP device' } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).not.toHaveProperty('brokerCredentials');
    const id = created.json().sensorDevice.id;
    const access = (await cast.call('admin', 'GET', `/sensor-devices/${id}/broker-credentials`)).json();
    expect(access.brokerAccess).toMatchObject({ configured: false, username: null, enabled: false });
    const renewed = await cast.call('admin', 'POST', `/sensor-devices/${id}/broker-credentials`);
    expect(renewed.statusCode).toBe(409);
    expect(renewed.json()).toMatchObject({ code: 'CONFLICT', key: 'app.errors.brokerNotConfigured' });
    // Nothing to revoke.
    expect((await cast.call('admin', 'DELETE', `/sensor-devices/${id}/broker-credentials`)).statusCode).toBe(204);
  });

  it('names the intake’s session per host and kind of process, or as MQTT_CLIENT_ID says', () => {
    const server = intakeClientId(t.ctx, 'server');
    expect(server).toBe(`rope-cockpit-intake-${hostname()}-server`.slice(0, 64));
    expect(intakeClientId(t.ctx, 'worker')).not.toBe(server);
    expect(intakeClientId({ env: { ...t.ctx.env, MQTT_CLIENT_ID: 'worker-2' } }, 'worker')).toBe('worker-2');
  });

  it('puts a device’s topics under MQTT_TOPIC_PREFIX', async () => {
    const prefixed = await createTestApp({ MQTT_TOPIC_PREFIX: 'site-a/cockpit' });
    try {
      const cast = createCast(prefixed);
      await cast.add('admin', ['ROLE_ADMIN'], []);
      const id = (
        await cast.call('admin', 'POST', '/smartropes', { smartrope: { name: 'S', uuid: 'PREFIX-1' } })
      ).json().smartrope.id;
      const access = (await cast.call('admin', 'GET', `/smartropes/${id}/broker-credentials`)).json();
      expect(access.brokerAccess).toMatchObject({
        publish: [`site-a/cockpit/smartropes/${id}/events`],
        subscribe: [`site-a/cockpit/smartropes/${id}/commands`],
      });
    } finally {
      await prefixed.close();
    }
  });
});
