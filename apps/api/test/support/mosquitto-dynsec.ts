import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, listensOn } from '@rope/server-runner';
import mqtt, { type MqttClient } from 'mqtt';

export const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto', '/usr/local/sbin/mosquitto'].find(existsSync);
export const PLUGIN = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/local/lib/mosquitto_dynamic_security.so',
].find(existsSync);
const CTRL = ['/usr/bin/mosquitto_ctrl', '/usr/local/bin/mosquitto_ctrl'].find(existsSync);

/** Why no broker with dynamic security can be started here, or undefined; under CI=true its absence fails the run. */
export function dynsecBrokerMissing(): string | undefined {
  const reason = !MOSQUITTO
    ? 'mosquitto is not installed'
    : !PLUGIN
      ? 'the Mosquitto dynamic security plugin (mosquitto_dynamic_security.so) is not installed'
      : undefined;
  if (reason && process.env.CI === 'true') throw new Error(`CI needs Mosquitto with dynamic security: ${reason}`);
  return reason;
}

export interface DynsecBroker {
  port: number;
  /** The broker without credentials: add them per client. */
  url: string;
  admin: { username: string; password: string };
  /** The broker's last lines of log, for a failing test's message. */
  log(): string;
  stop(): Promise<void>;
}

export { freePort };

/**
 * Waits until the broker `child` listens on `port` itself: another test's broker that took the port meanwhile does not
 * count.
 */
export async function waitForPort(port: number, child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = netConnect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open && listensOn(child.pid!, port) !== false) return;
    if (Date.now() > deadline) throw new Error(`mosquitto did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The plugin's file as `mosquitto_ctrl dynsec init` writes it, for where that tool is missing. */
async function writeDynsecFile(file: string, username: string, password: string) {
  const { pbkdf2Sync, randomBytes } = await import('node:crypto');
  const salt = randomBytes(12);
  const iterations = 101;
  const hash = pbkdf2Sync(password, salt, iterations, 64, 'sha512');
  const allow = (acltype: string, topic: string) => ({ acltype, topic, allow: true });
  await writeFile(
    file,
    JSON.stringify({
      clients: [
        {
          username,
          password: hash.toString('base64'),
          salt: salt.toString('base64'),
          iterations,
          roles: [{ rolename: 'admin' }],
        },
      ],
      roles: [
        {
          rolename: 'admin',
          acls: [
            allow('publishClientSend', '$CONTROL/dynamic-security/#'),
            allow('publishClientReceive', '$CONTROL/dynamic-security/#'),
            allow('subscribePattern', '$CONTROL/dynamic-security/#'),
          ],
        },
      ],
      defaultACLAccess: { publishClientSend: false, publishClientReceive: true, subscribe: false, unsubscribe: true },
    }),
  );
}

/**
 * A Mosquitto of the test's own on a free port, anonymous clients refused, with the dynamic security plugin and
 * one admin client; stopped (and its files removed) by `stop`.
 */
export async function startDynsecBroker(): Promise<DynsecBroker> {
  if (!MOSQUITTO || !PLUGIN) throw new Error(dynsecBrokerMissing() ?? 'no mosquitto');
  const dir = await mkdtemp(join(tmpdir(), 'rope-mosquitto-'));
  const port = await freePort();
  const admin = { username: 'cockpit-admin', password: `admin-${process.pid}-${Date.now()}` };
  const file = join(dir, 'dynamic-security.json');
  if (CTRL) await promisify(execFile)(CTRL, ['dynsec', 'init', file, admin.username, admin.password]);
  else await writeDynsecFile(file, admin.username, admin.password);
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      'per_listener_settings false',
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `plugin ${PLUGIN}`,
      `plugin_opt_config_file ${file}`,
      'persistence false',
      // Started as root, Mosquitto would drop to the `mosquitto` user, who cannot read this private temp folder.
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      '',
    ].join('\n'),
  );
  const child = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    await waitForPort(port, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    admin,
    log: () => stderr,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Clients of a test's broker, as devices connect (MQTT 5, no reconnecting), each closed by `closeAll`; `login` answers
 * 'connected' or the broker's refusal.
 */
export function brokerClients(broker: () => Pick<DynsecBroker, 'url'>) {
  const open: MqttClient[] = [];
  const connectAs = async (username: string, password: string) => {
    const client = await mqtt.connectAsync(broker().url, {
      username,
      password,
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: 3_000,
    });
    open.push(client);
    return client;
  };
  const login = (username: string, password: string) =>
    connectAs(username, password).then(
      () => 'connected',
      (error: Error) => error.message,
    );
  const closeAll = () => Promise.all(open.map((client) => client.endAsync(true).catch(() => undefined)));
  return { connectAs, login, closeAll };
}
