import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { type Db, openDatabase, queryRows } from '@rope/db/client';
import { folders, sensorDevices, sensors, users } from '@rope/db/schema/index';
import { openMigratedDataDir } from '@rope/db/test-database';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  seedApiKey,
  seedArea,
  seedEvents,
  seedInstallation,
  seedMandator,
  seedRope,
  seedUser,
} from '../../test/support/factories.ts';
import { repoRoot } from '../env.ts';
import { createFileStorage } from '../infra/storage/filesystem.ts';

const TIMEOUT = 180_000;
// Compiled, as `npm run backup` and `npm start` run them (built by the tests' global set-up): through tsx each of the
// dozen runs compiled the sources again, a tenth of this file's CPU.
const cli = join(repoRoot, 'apps/api/dist/backup-cli.mjs');
const compiledServer = join(repoRoot, 'apps/api/dist/server.mjs');
const temporary: string[] = [];
/**
 * The embedded database's WebAssembly compiled by V8's baseline compiler only, as the browser tests' servers run: each
 * of the dozen short processes here compiled it anew, and optimising it cost more than it saved (an embedded backup
 * took 5.1 instead of 8.0 CPU seconds, 2026-12-02, two runs each). What the commands do is the same either way.
 */
const NODE_ARGS = ['--enable-source-maps', '--liftoff-only'];

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run backup|restore -- <folder>` as an operator would, with the settings of one cockpit. */
function runCli(command: 'backup' | 'restore', folder: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, [...NODE_ARGS, cli, command, folder], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), DATABASE_URL: '', REDIS_URL: '', ...env },
    encoding: 'utf8',
    timeout: TIMEOUT,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}`.trim() };
}

/** Rows of some of every kind, and files in the store: what a backup must bring back whole. */
async function seed(db: Db, dataDir: string) {
  const mandator = await seedMandator(db, 'Bergbahnen Ærø – Łódź');
  const area = await seedArea(db, mandator.id, 'Ελληνικά area');
  const installation = await seedInstallation(db, area.id);
  const rope = await seedRope(db, installation.id, 'Haul rope');
  await seedEvents(db, rope.id, [{ position: 120 }, { position: 480 }, { position: null }]);
  await seedUser(db, { roles: ['ROLE_USER'], mandatorIds: [mandator.id] });
  const { key } = await seedApiKey(db, 'ROLE_API_IMPORT', [mandator.id]);
  const [device] = await db.insert(sensorDevices).values({ name: 'SB-01', ropeId: rope.id }).returning();
  const [sensor] = await db.insert(sensors).values({ deviceId: device!.id, name: 'Tension' }).returning();
  // A tree, one folder moved under one made after it (its parent has the higher id): a copy by id would break it.
  const [top] = await db.insert(folders).values({ name: 'Inspections' }).returning();
  const [middle] = await db.insert(folders).values({ name: '2026', parentFolderId: top!.id }).returning();
  await db.insert(folders).values({ name: 'Spring', parentFolderId: middle!.id });
  const [archive] = await db.insert(folders).values({ name: 'Archive' }).returning();
  const [older] = await db.insert(folders).values({ name: 'Before 2020' }).returning();
  await db.update(folders).set({ parentFolderId: older!.id }).where(eq(folders.id, archive!.id));
  const storage = createFileStorage(join(dataDir, 'files'));
  for (let i = 0; i < 5; i++) {
    await storage.put(randomBytes(1000 + i * 5000), { prefix: 'pictures', type: 'image/png', extension: 'png' });
  }
  return { key, deviceId: device!.id, sensorId: sensor!.id };
}

/** Every table's row count and a digest of all its rows. */
async function digestTables(db: Db) {
  // Rows as text, times in UTC whatever the session's zone, so two servers write the same values alike.
  await db.execute(sql`set timezone to 'UTC'`);
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE' order by 1`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; hash: string }>(
      db,
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${name} t`,
      ),
    );
    digest[name] = `${row!.rows}:${row!.hash}`;
  }
  return digest;
}

/** The sequences stand where they stood: the next user gets the next id, not one already taken. */
async function expectSequencesWhereTheyStood(db: Db) {
  const [{ maxId }] = (await queryRows<{ maxId: number }>(db, sql`select max(id)::int as "maxId" from users`)) as [
    { maxId: number },
  ];
  const [next] = await db
    .insert(users)
    .values({ email: `next-${maxId}@test.example`, roles: ['ROLE_USER'] })
    .returning();
  expect(next!.id, 'the next user gets the next id').toBe(maxId + 1);
}

function digestFiles(dir: string) {
  const digest: Record<string, string> = {};
  if (!existsSync(dir)) return digest;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    digest[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return digest;
}

const skipNote = process.env.DATABASE_URL ? '' : ' (skipped: needs DATABASE_URL, a PostgreSQL server)';

describe.skipIf(!process.env.DATABASE_URL)(`backup and restore on PostgreSQL${skipNote}`, () => {
  const serverUrl = process.env.DATABASE_URL ?? '';
  const names: string[] = [];
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  async function newDatabase() {
    const name = `rope_backup_${randomBytes(5).toString('hex')}`;
    const admin = await openDatabase({ url: serverUrl, maxConnections: 1 });
    await admin.db.execute(sql.raw(`create database ${name}`));
    await admin.close();
    names.push(name);
    return urlOf(name);
  }
  afterAll(async () => {
    const admin = await openDatabase({ url: serverUrl, maxConnections: 1 });
    for (const name of names) await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.close();
  });

  it(
    'restores into an empty database and file store every row and every file; refuses a place that is not empty',
    async () => {
      const sourceUrl = await newDatabase();
      const sourceDir = tempDir('rope-backup-source-');
      const source = await openDatabase({ url: sourceUrl, maxConnections: 2 });
      await source.migrate();
      await seed(source.db, sourceDir);
      const rowsBefore = await digestTables(source.db);
      await source.close();

      const backupDir = join(tempDir('rope-backup-'), 'nightly');
      const backup = runCli('backup', backupDir, { DATABASE_URL: sourceUrl, DATA_DIR: sourceDir });
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toContain('5 files');
      expect(statSync(join(backupDir, 'db.dump')).mode & 0o777, "the dump is its owner's only").toBe(0o600);

      const targetUrl = await newDatabase();
      const targetDir = tempDir('rope-backup-target-');
      const restored = runCli('restore', backupDir, { DATABASE_URL: targetUrl, DATA_DIR: targetDir });
      expect(restored.code, restored.out).toBe(0);
      const target = await openDatabase({ url: targetUrl, maxConnections: 2 });
      expect(await digestTables(target.db)).toEqual(rowsBefore);
      await target.close();
      expect(Object.keys(rowsBefore)).toContain('public.rope_events');
      const files = digestFiles(join(sourceDir, 'files'));
      expect(Object.keys(files).length).toBe(10);
      expect(digestFiles(join(targetDir, 'files'))).toEqual(files);

      const again = runCli('restore', backupDir, { DATABASE_URL: targetUrl, DATA_DIR: tempDir('rope-backup-x-') });
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/already holds \d+ tables; restore into a new, empty database/);
      const intoFiles = runCli('restore', backupDir, { DATABASE_URL: await newDatabase(), DATA_DIR: targetDir });
      expect(intoFiles.code).toBe(1);
      expect(intoFiles.out).toMatch(/The file store .* is not empty/);
      const overBackup = runCli('backup', backupDir, { DATABASE_URL: sourceUrl, DATA_DIR: sourceDir });
      expect(overBackup.code).toBe(1);
      expect(overBackup.out).toMatch(/The backup folder .* is not empty/);
      const nothing = runCli('backup', join(tempDir('rope-backup-z-'), 'b'), { DATA_DIR: tempDir('rope-backup-w-') });
      expect(nothing.code).toBe(1);
      expect(nothing.out).toMatch(/There is no embedded database in .*: is DATA_DIR the cockpit's\?/);
      // The other way: the server's backup into the embedded default (pg_restore writes out the data, PGlite loads it).
      const embeddedDir = tempDir('rope-backup-y-');
      const intoEmbedded = runCli('restore', backupDir, { DATA_DIR: embeddedDir });
      expect(intoEmbedded.code, intoEmbedded.out).toBe(0);
      const embedded = await openDatabase({ dataDir: join(embeddedDir, 'db') });
      try {
        expect(await digestTables(embedded.db)).toEqual(rowsBefore);
        await expectSequencesWhereTheyStood(embedded.db);
      } finally {
        await embedded.close();
      }
      expect(digestFiles(join(embeddedDir, 'files'))).toEqual(files);
    },
    TIMEOUT,
  );

  it(
    "moves the quick start's embedded backup into an empty PostgreSQL database: every row, every sequence, every file",
    async () => {
      const sourceDir = tempDir('rope-move-source-');
      const source = await openMigratedDataDir(join(sourceDir, 'db'));
      await seed(source.db, sourceDir);
      const rowsBefore = await digestTables(source.db);
      await source.close();

      const backupDir = join(tempDir('rope-move-backup-'), 'quick-start');
      const backup = runCli('backup', backupDir, { DATA_DIR: sourceDir });
      expect(backup.code, backup.out).toBe(0);

      const targetUrl = await newDatabase();
      const targetDir = tempDir('rope-move-target-');
      const moved = runCli('restore', backupDir, { DATABASE_URL: targetUrl, DATA_DIR: targetDir });
      expect(moved.code, moved.out).toBe(0);
      const target = await openDatabase({ url: targetUrl, maxConnections: 1 });
      try {
        expect(await digestTables(target.db)).toEqual(rowsBefore);
        expect(Object.keys(rowsBefore)).toEqual(expect.arrayContaining(['public.rope_events', 'public.folders']));
        await expectSequencesWhereTheyStood(target.db);
      } finally {
        await target.close();
      }
      expect(digestFiles(join(targetDir, 'files'))).toEqual(digestFiles(join(sourceDir, 'files')));
    },
    TIMEOUT,
  );
});

describe('backup of the embedded default while it runs', () => {
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  function startCockpit(dataDir: string): Promise<string> {
    server = spawn(process.execPath, [...NODE_ARGS, compiledServer], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: '0',
        DEMO_DATA: 'false',
        DUE_TASKS_SCAN_SECONDS: '3600',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    return new Promise((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk;
        const url = /is running at (http:\/\/\S+)/.exec(output)?.[1];
        // HOST unset: the embedded default keeps to this machine, and its banner says how to open it.
        if (url && output.includes('HOST=0.0.0.0 opens it to the network')) {
          expect(output).toContain('listening on 127.0.0.1 only: this machine can open it, no other.');
          resolve(url);
        }
      };
      server!.stdout!.on('data', onData);
      server!.stderr!.on('data', onData);
      server!.on('exit', (code) => reject(new Error(`the cockpit stopped (${code}): ${output}`)));
    });
  }

  async function stopCockpit() {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server!.kill('SIGTERM');
    await exited;
    server = undefined;
  }

  it(
    'writes a backup through the running cockpit while devices deliver readings; it restores every row and file',
    async () => {
      const sourceDir = tempDir('rope-embedded-source-');
      const prepared = await openMigratedDataDir(join(sourceDir, 'db'));
      const { key, deviceId, sensorId } = await seed(prepared.db, sourceDir);
      await prepared.close();
      const url = await startCockpit(sourceDir);

      // Readings keep arriving while the backup is written: the backup holds whole batches only.
      let delivering = true;
      let batches = 0;
      const deliver = (async () => {
        while (delivering) {
          const start = Date.UTC(2026, 0, 1) + batches * 100 * 60_000;
          const measurements = Array.from({ length: 100 }, (_, i) => ({
            sensor: sensorId,
            ts: new Date(start + i * 60_000).toISOString(),
            value: i,
          }));
          const response = await fetch(`${url}/api/sensor-devices/${deviceId}/measurements`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify({ measurements }),
          });
          expect(response.status, await response.text()).toBe(200);
          batches++;
        }
      })();
      while (batches < 3) await new Promise((resolve) => setTimeout(resolve, 50));
      const backupDir = join(tempDir('rope-embedded-backup-'), 'b');
      const backup = runCli('backup', backupDir, { DATA_DIR: sourceDir });
      delivering = false;
      await deliver;
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toContain('written by the running cockpit');

      const busyRestore = runCli('restore', backupDir, { DATA_DIR: sourceDir });
      expect(busyRestore.code).toBe(1);
      expect(busyRestore.out).toContain('A cockpit is running');
      await stopCockpit();

      const targetDir = tempDir('rope-embedded-target-');
      const restored = runCli('restore', backupDir, { DATA_DIR: targetDir });
      expect(restored.code, restored.out).toBe(0);
      const target = await openDatabase({ dataDir: join(targetDir, 'db') });
      const source = await openDatabase({ dataDir: join(sourceDir, 'db') });
      const [copied] = await queryRows<{ n: number }>(
        target.db,
        sql`select count(*)::int as n from sensor_measurements`,
      );
      // Batches of 100 arrive whole or not at all, and at least those delivered before the backup are there.
      expect(copied!.n % 100).toBe(0);
      expect(copied!.n).toBeGreaterThanOrEqual(300);
      const [rolledUp] = await queryRows<{ n: number }>(
        target.db,
        sql`select coalesce(sum(count), 0)::int as n from sensor_measurements_1m`,
      );
      expect(rolledUp!.n).toBe(copied!.n);
      const sourceRows = await digestTables(source.db);
      const targetRows = await digestTables(target.db);
      for (const table of ['public.mandators', 'public.areas', 'public.ropes', 'public.rope_events', 'public.users']) {
        expect(targetRows[table], table).toBe(sourceRows[table]);
      }
      await target.close();
      await source.close();
      expect(digestFiles(join(targetDir, 'files'))).toEqual(digestFiles(join(sourceDir, 'files')));
    },
    TIMEOUT,
  );
});
