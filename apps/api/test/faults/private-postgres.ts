import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@rope/server-runner';

const BIN = '/usr/lib/postgresql/15/bin';
export const POSTGRES_PROGRAMS = [`${BIN}/initdb`, `${BIN}/pg_ctl`, `${BIN}/postgres`];

export interface PrivatePostgres {
  /** The cluster's `postgres` database, as the `postgres` superuser. */
  url: string;
  /** Fast shutdown: open sessions are ended, the server is down when this resolves. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its files. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own in a temporary directory, on a free port: the shared server of the machine is
 * never stopped. PostgreSQL refuses to run as root, so under root its programs run as the `postgres` user.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const root = mkdtempSync(join(tmpdir(), 'rope-fault-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const group = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(root, Number(ids), Number(group));
  }
  const run = (program: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : `${BIN}/${program}`,
      asRoot ? ['-u', 'postgres', '--', `${BIN}/${program}`, ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 60_000,
      },
    );
  const data = join(root, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', join(root, 'log'), '-w', '-t', '60', ...args]);
  const start = async () => {
    pgCtl('-o', options, 'start');
  };
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    async stop() {
      pgCtl('-m', 'fast', 'stop');
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        pgCtl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
