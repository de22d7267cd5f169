import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseEnv, repoRoot } from '../../src/env.ts';
import { createDynsecAdmin, type DynsecAdmin } from '../../src/infra/mqtt-dynsec.ts';
import { provisionCockpitClient } from '../../src/modules/device-intake/cockpit-client.ts';
import { dynsecBrokerMissing, freePort, MOSQUITTO, PLUGIN, waitForPort } from '../support/mosquitto-dynsec.ts';

/**
 * The compose file's broker as its containers run it, without Docker (none runs here): the broker's first start
 * (infra/mosquitto/init-dynsec.sh first-start, its passwords and the plugin's file), Mosquitto on the repository's
 * configuration, and the cockpit with the compose file's MQTT settings, which makes its own client and connects.
 */
const missing =
  dynsecBrokerMissing() ??
  (['/usr/bin/mosquitto_ctrl', '/usr/bin/mosquitto_pub'].every(existsSync)
    ? undefined
    : brokerToolsMissing('mosquitto_ctrl and mosquitto_pub (Debian: mosquitto, mosquitto-clients) are not installed'));

function brokerToolsMissing(reason: string): string {
  if (process.env.CI === 'true') throw new Error(`CI needs ${reason}`);
  return reason;
}
const run = promisify(execFile);

type Service = {
  environment: Record<string, string | null>;
  command?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
};
const compose = parse(await readFile(join(repoRoot, 'infra/compose.yaml'), 'utf8').catch(() => 'services: {}')) as {
  services: Record<string, Service>;
};

describe.skipIf(Boolean(missing))(
  `the compose file's broker, started as its container starts it${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let folder: string;
    let broker: ChildProcess | undefined;
    let port: number;
    let admin: DynsecAdmin | undefined;
    const open: MqttClient[] = [];
    const owner = String(process.getuid?.() ?? 0);
    const firstStart = () =>
      run(
        'sh',
        [join(repoRoot, 'infra/mosquitto/init-dynsec.sh'), 'first-start', `${folder}/data`, `${folder}/secrets`],
        {
          env: {
            ...process.env,
            ...(compose.services.mosquitto?.environment as Record<string, string>),
            BROKER_OWNER: owner,
            SECRETS_OWNER: owner,
          },
        },
      );
    /** The API's settings from the compose file, with the broker's host and the secrets' folder of this test. */
    const cockpitEnv = () => {
      const environment = compose.services.api?.environment ?? {};
      const local = (value: string | null | undefined) =>
        value?.replace('mosquitto:1883', `127.0.0.1:${port}`).replace('/run/mqtt/', `${folder}/secrets/`);
      return parseEnv({
        MQTT_URL: local(environment.MQTT_URL),
        MQTT_PASSWORD_FILE: local(environment.MQTT_PASSWORD_FILE),
        MQTT_ADMIN_USERNAME: local(environment.MQTT_ADMIN_USERNAME),
        MQTT_ADMIN_PASSWORD_FILE: local(environment.MQTT_ADMIN_PASSWORD_FILE),
      });
    };

    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'rope-compose-broker-'));
      await mkdir(`${folder}/data`);
      await mkdir(`${folder}/secrets`);
      port = await freePort();
    });
    afterAll(async () => {
      await Promise.all(open.map((client) => client.endAsync(true).catch(() => undefined)));
      await admin?.close();
      if (broker && broker.exitCode === null) {
        const exited = new Promise((resolve) => broker!.once('exit', resolve));
        broker.kill('SIGTERM');
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    });

    it('draws two passwords the first time and keeps them, and writes the plugin file with the admin client once', async () => {
      await firstStart();
      const password = (name: string) => readFile(`${folder}/secrets/${name}`, 'utf8');
      const drawn = [await password('admin-password'), await password('cockpit-password')];
      for (const secret of drawn) expect(secret).toMatch(/^[A-Za-z0-9]{32}\n$/);
      expect(drawn[0]).not.toBe(drawn[1]);
      expect((await stat(`${folder}/secrets/admin-password`)).mode & 0o777).toBe(0o400);
      const plugin = JSON.parse(await readFile(`${folder}/data/dynamic-security.json`, 'utf8'));
      expect(plugin.clients.map((client: { username: string }) => client.username)).toEqual(['cockpit-admin']);

      await firstStart();
      expect([await password('admin-password'), await password('cockpit-password')]).toEqual(drawn);
      expect(JSON.parse(await readFile(`${folder}/data/dynamic-security.json`, 'utf8'))).toEqual(plugin);
    });

    it("lets the cockpit, with the compose file's settings, make its own client and read every device topic", async () => {
      // The repository's configuration, as the container's command adapts it, on this machine's paths and a free port.
      const config = (await readFile(join(repoRoot, 'infra/mosquitto/mosquitto.conf'), 'utf8'))
        .replace(/^plugin .*$/m, `plugin ${PLUGIN}`)
        .replaceAll('/var/lib/mosquitto/', `${folder}/data/`)
        .replace(/^listener 1883$/m, `listener ${port} 127.0.0.1`);
      const file = join(folder, 'mosquitto.conf');
      await writeFile(file, `${config}\n${process.getuid?.() === 0 ? 'user root\n' : ''}`);
      broker = spawn(MOSQUITTO!, ['-c', file], { stdio: 'ignore' });
      await waitForPort(port, broker);

      const env = cockpitEnv();
      expect(new URL(env.MQTT_URL!).password).toBe(
        (await readFile(`${folder}/secrets/cockpit-password`, 'utf8')).trim(),
      );
      admin = createDynsecAdmin({
        url: env.MQTT_URL!,
        username: env.MQTT_ADMIN_USERNAME!,
        password: env.MQTT_ADMIN_PASSWORD!,
      });
      expect(await provisionCockpitClient({ env, brokerAdmin: admin })).toBe(true);
      const cockpit = await mqtt.connectAsync(env.MQTT_URL!, { reconnectPeriod: 0, connectTimeout: 3_000 });
      open.push(cockpit);
      const granted = await cockpit.subscribeAsync(`${env.MQTT_TOPIC_PREFIX}/#`, { qos: 1 });
      expect(granted.map((grant) => grant.qos)).toEqual([1]);
      // Nobody gets in without a client of their own.
      const anonymous = await mqtt
        .connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 3_000 })
        .then(
          (client) => {
            open.push(client);
            return 'connected';
          },
          (error: Error) => error.message,
        );
      expect(anonymous).not.toBe('connected');
    });

    it('is healthy by its check once the plugin answers its admin, and not while nothing listens', async () => {
      // The container's check, with Compose's `$$` as the shell gets it, on this test's port and secrets' folder.
      const check = (onPort: number) =>
        run(
          'sh',
          [
            '-c',
            (compose.services.mosquitto?.healthcheck?.test[1] ?? '')
              .replaceAll('$$', '$')
              .replace('/secrets/', `${folder}/secrets/`)
              .replace('-h 127.0.0.1', `-h 127.0.0.1 -p ${onPort}`),
          ],
          { env: { ...process.env, ...(compose.services.mosquitto?.environment as Record<string, string>) } },
        ).then(
          () => 'healthy',
          (error: Error) => `unhealthy: ${error.message}`,
        );
      expect(compose.services.mosquitto?.healthcheck?.test[0]).toBe('CMD-SHELL');
      expect(await check(port)).toBe('healthy');
      expect(await check(await freePort())).toMatch(/^unhealthy/);
    });
  },
);
