import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { repoRoot } from '../../src/env.ts';
import { REDIS_URL } from './notifications.ts';

/** The worker binary uses the default key prefix, so it gets a Redis database of its own that holds nothing. */
export async function emptyRedisDatabase(): Promise<string> {
  for (const index of [13, 12, 11, 10, 9, 8]) {
    const url = new URL(REDIS_URL);
    url.pathname = `/${index}`;
    const client = new Redis(url.toString(), { maxRetriesPerRequest: 1 });
    const size = await client.dbsize().finally(() => client.disconnect());
    if (size === 0) return url.toString();
  }
  throw new Error('no empty Redis database among 8-13 for the worker test');
}

export function startWorker(env: Record<string, string>, log: string[]): ChildProcess {
  // Compiled, as production runs it (built by the API tests' global set-up, compiled-api.ts).
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/worker.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  return child;
}

/** The signal goes to the whole process group this test started. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));
