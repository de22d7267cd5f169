import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenHost, loopbackOnly, repoRoot } from './env.ts';

const START_TIMEOUT_MS = 150_000;

/** The compiled server, as production runs it (built by the API tests' global set-up, test/support/compiled-api.ts). */
function startWith(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--enable-source-maps', join(repoRoot, 'apps/api/dist/server.mjs')], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    encoding: 'utf8',
    // The server imports the whole app before it reads its settings: minutes on a busy two-core machine.
    timeout: START_TIMEOUT_MS,
  });
  return { code: result.status, stderr: result.stderr.trim(), stdout: result.stdout.trim() };
}

describe('start-up with a bad setting', () => {
  it.each([
    [{ DATABASE_URL: 'nonsense' }, /^Invalid configuration: DATABASE_URL="nonsense" must be a URL like postgres:\/\//],
    [{ PORT: 'abc' }, /^Invalid configuration: PORT="abc" must be a port number$/],
    [{ REDIS_URL: 'localhost' }, /^Invalid configuration: REDIS_URL="localhost" must be a URL like redis:\/\//],
  ])('%o stops with one clear line and exit code 1', { timeout: START_TIMEOUT_MS + 10_000 }, (env, message) => {
    const result = startWith(env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.split('\n')).toHaveLength(1);
  });

  it('an unreachable database stops with one line naming the problem', { timeout: START_TIMEOUT_MS + 10_000 }, () => {
    const result = startWith({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing' });
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Cannot (open|migrate) the database/);
  });
});

// The banner's line about HOST is checked where a test starts the embedded cockpit anyway (ops/backup.test.ts).
describe('the embedded quick start', () => {
  it('chooses the interface by mode: this machine for the embedded default, every interface for server mode', () => {
    expect(listenHost({ HOST: undefined, DATABASE_URL: undefined })).toBe('127.0.0.1');
    expect(listenHost({ HOST: undefined, DATABASE_URL: 'postgres://db/rope' })).toBe('0.0.0.0');
    expect(listenHost({ HOST: '0.0.0.0', DATABASE_URL: undefined })).toBe('0.0.0.0');
    expect(['127.0.0.1', '127.0.1.1', 'localhost', '::1'].every(loopbackOnly)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.20'].some(loopbackOnly)).toBe(false);
  });
});
