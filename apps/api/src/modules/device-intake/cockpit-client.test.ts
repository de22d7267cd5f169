import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokerClients,
  type DynsecBroker,
  dynsecBrokerMissing,
  startDynsecBroker,
} from '../../../test/support/mosquitto-dynsec.ts';
import type { AppContext } from '../../context.ts';
import { createDynsecAdmin, type DynsecAdmin } from '../../infra/mqtt-dynsec.ts';
import { cockpitCredentials, provisionCockpitClient, provisionCockpitClientAtStart } from './cockpit-client.ts';

const missing = dynsecBrokerMissing();
const PREFIX = 'site-a';

describe.skipIf(Boolean(missing))(
  `the cockpit's own broker client, made by the cockpit${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let broker: DynsecBroker;
    let admin: DynsecAdmin;
    const ctxFor = (username: string, password: string) =>
      ({
        env: {
          MQTT_URL: `mqtt://${username}:${encodeURIComponent(password)}@127.0.0.1:${broker.port}`,
          MQTT_TOPIC_PREFIX: PREFIX,
        },
        brokerAdmin: admin,
      }) as unknown as Pick<AppContext, 'env' | 'brokerAdmin'>;
    const { connectAs, login, closeAll } = brokerClients(() => broker);
    /** Whether a message `from` publishes on `topic` reaches `to`, subscribed to it. */
    const delivered = async (from: MqttClient, to: MqttClient, topic: string) => {
      const got = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 1_000);
        to.on('message', (received) => {
          if (received !== topic) return;
          clearTimeout(timer);
          resolve(true);
        });
      });
      // A publish the broker refuses is dropped (MQTT 5 also says so in its acknowledgement).
      await from.publishAsync(topic, '{}', { qos: 1 }).catch(() => undefined);
      return got;
    };

    beforeAll(async () => {
      broker = await startDynsecBroker();
      admin = createDynsecAdmin({ url: broker.url, ...broker.admin });
    }, 30_000);
    afterAll(async () => {
      await closeAll();
      await admin?.close();
      await broker?.stop();
    });

    it('reads the credentials from MQTT_URL, and does nothing without them or without an admin', async () => {
      expect(cockpitCredentials('mqtt://intake:p%40ss%2Fw@broker:1883')).toEqual({
        username: 'intake',
        password: 'p@ss/w',
      });
      expect(cockpitCredentials('mqtt://broker:1883')).toBeUndefined();
      const withoutAdmin = { env: { MQTT_URL: 'mqtt://a:b@127.0.0.1:1' }, brokerAdmin: undefined };
      expect(await provisionCockpitClient(withoutAdmin as unknown as Pick<AppContext, 'env' | 'brokerAdmin'>)).toBe(
        false,
      );
      const withoutCredentials = { env: { MQTT_URL: broker.url }, brokerAdmin: admin };
      expect(
        await provisionCockpitClient(withoutCredentials as unknown as Pick<AppContext, 'env' | 'brokerAdmin'>),
      ).toBe(false);
    });

    it('on a broker that has only its admin, the cockpit can then read every device topic and send TRUscan commands, and nothing more', async () => {
      const password = `intake-${process.pid}/x@y`;
      expect(await login('intake', password)).not.toBe('connected');
      expect(await provisionCockpitClient(ctxFor('intake', password))).toBe(true);
      const cockpit = await connectAs('intake', password);
      const granted = await cockpit.subscribeAsync(`${PREFIX}/#`, { qos: 1 });
      expect(granted.map((grant) => grant.qos)).toEqual([1]);
      // Another site's topics, and the broker's administration, stay closed to it.
      await expect(cockpit.subscribeAsync('site-b/#', { qos: 1 })).rejects.toThrow('Not authorized');

      const listener = await connectAs('intake', password);
      await listener.subscribeAsync(`${PREFIX}/#`, { qos: 1 });
      expect(await delivered(cockpit, listener, `${PREFIX}/ropes/7/truscan/commands`)).toBe(true);
      // It reads devices' readings, but cannot send as a device.
      expect(await delivered(cockpit, listener, `${PREFIX}/sensor-devices/3/measurements`)).toBe(false);
    });

    it('is the same after every start, takes a changed password from MQTT_URL, and enables a disabled client again', async () => {
      const first = `first-${process.pid}`;
      const second = `second-${process.pid}`;
      expect(await provisionCockpitClient(ctxFor('intake-b', first))).toBe(true);
      expect(await provisionCockpitClient(ctxFor('intake-b', first))).toBe(true);
      expect(await login('intake-b', first)).toBe('connected');

      expect(await provisionCockpitClient(ctxFor('intake-b', second))).toBe(true);
      expect(await login('intake-b', first)).not.toBe('connected');
      expect(await login('intake-b', second)).toBe('connected');

      const [disabled] = await admin.run([{ command: 'disableClient', username: 'intake-b' }]);
      expect(disabled?.error).toBeUndefined();
      expect(await login('intake-b', second)).not.toBe('connected');
      expect(await provisionCockpitClient(ctxFor('intake-b', second))).toBe(true);
      expect(await login('intake-b', second)).toBe('connected');
    });

    it('is made once when the API processes and the worker start at the same moment', async () => {
      const password = `together-${process.pid}`;
      const results = await Promise.all([1, 2, 3].map(() => provisionCockpitClient(ctxFor('intake-c', password))));
      expect(results).toEqual([true, true, true]);
      const [client] = await admin.run([{ command: 'getClient', username: 'intake-c' }]);
      const roles = (client!.data as { client: { roles: { rolename: string }[] } }).client.roles;
      expect(roles.map((role) => role.rolename)).toEqual(['intake-c']);
      const cockpit = await connectAs('intake-c', password);
      expect((await cockpit.subscribeAsync(`${PREFIX}/#`, { qos: 1 })).map((grant) => grant.qos)).toEqual([1]);
    });

    it('at a start with the broker unreachable, logs what to check and lets the process go on', async () => {
      const lines: { level: string; message: string }[] = [];
      const log = {
        info: (message: string) => lines.push({ level: 'info', message }),
        error: (_object: object, message: string) => lines.push({ level: 'error', message }),
      };
      const unreachable = createDynsecAdmin({
        url: 'mqtt://127.0.0.1:9',
        username: 'x',
        password: 'y',
        timeoutMs: 500,
      });
      try {
        await provisionCockpitClientAtStart({
          env: { MQTT_URL: 'mqtt://intake:secret@127.0.0.1:9', MQTT_TOPIC_PREFIX: PREFIX },
          brokerAdmin: unreachable,
          log,
        } as unknown as Pick<AppContext, 'env' | 'brokerAdmin' | 'log'>);
      } finally {
        await unreachable.close();
      }
      expect(lines).toHaveLength(1);
      expect(lines[0]!.level).toBe('error');
      expect(lines[0]!.message).toContain('dynamic security plugin');
      expect(JSON.stringify(lines)).not.toContain('secret');
    });
  },
);
