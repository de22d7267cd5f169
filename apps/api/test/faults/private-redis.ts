import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, listensOn } from '@rope/server-runner';
import { Redis } from 'ioredis';
import { waitFor } from './machine.ts';

export const REDIS_PROGRAMS = ['/usr/bin/redis-server'];

export interface PrivateRedis {
  url: string;
  /** Kills the server at once (SIGKILL): no goodbye to its clients. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data directory (its append-only file brings back what it held). */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** A redis-server of the test's own on a free port: the shared Redis of the machine is never stopped. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'rope-fault-redis-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const start = async () => {
    server = spawn(
      REDIS_PROGRAMS[0]!,
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''],
      { stdio: 'ignore' },
    );
    const started = server;
    // Another test's server on the port answers PONG too: only this one's answer counts.
    await waitFor(
      'redis-server to answer',
      async () => {
        if (started.exitCode !== null || started.signalCode !== null)
          throw new Error(`redis-server ended (${started.exitCode ?? started.signalCode}; port ${port} taken?)`);
        return (await answers(url)) && listensOn(started.pid!, port) !== false;
      },
      20_000,
    );
  };
  const kill = async () => {
    const running = server;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGKILL');
    });
  };
  await start();
  return {
    url,
    kill,
    start,
    async destroy() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
