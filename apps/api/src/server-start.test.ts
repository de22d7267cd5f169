import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMigratedDataDir } from '@rope/db/test-database';
import { describe, expect, it } from 'vitest';
import { seedArea, seedInstallation, seedMandator, seedRope, seedTask, seedUser } from '../test/support/factories.ts';
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

describe('the start banner', () => {
  it("comes after what the start's jobs log (the due tasks' mails), so the URL and logins are the last lines", {
    timeout: START_TIMEOUT_MS + 30_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rope-banner-'));
    try {
      const database = await openMigratedDataDir(join(dataDir, 'db'));
      const mandator = await seedMandator(database.db);
      const rope = await seedRope(
        database.db,
        (await seedInstallation(database.db, (await seedArea(database.db, mandator.id)).id)).id,
      );
      for (let i = 0; i < 3; i++) {
        const assignee = await seedUser(database.db, { roles: ['ROLE_USER'], mandatorIds: [mandator.id] });
        await seedTask(database.db, rope.id, {
          attributes: { dueAt: '2020-01-01T00:00:00Z' },
          assigneeIds: [assignee.id],
        });
      }
      await database.close();
      const server = spawn(process.execPath, ['--enable-source-maps', join(repoRoot, 'apps/api/dist/server.mjs')], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          DATA_DIR: dataDir,
          PORT: '0',
          DEMO_DATA: 'false',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout.on('data', (chunk) => {
        output += chunk;
      });
      server.stderr.on('data', (chunk) => {
        output += chunk;
      });
      const exited = new Promise((resolve) => server.once('exit', resolve));
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (!output.includes('is running at') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      // A moment for anything the start would still log after the banner.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      server.kill('SIGTERM');
      await exited;
      const lines = output.split('\n').filter(Boolean);
      const banner = lines.findIndex((line) => line.includes('is running at'));
      const mails = lines.flatMap((line, index) => (line.includes('mail written to outbox') ? [index] : []));
      expect(banner, output).toBeGreaterThan(0);
      expect(mails, output).toHaveLength(3);
      expect(Math.max(...mails), output).toBeLessThan(banner);
      // After the banner: its own lines, then nothing until the shutdown.
      const after = lines
        .slice(banner)
        .filter((line) => line.startsWith('{'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(after[0], output).toBe('shutting down: finishing in-flight requests');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
