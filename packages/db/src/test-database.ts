import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { type Database, migrationsFolder, openDatabase, openPgliteFrom, restorePgliteSnapshot } from './client.ts';

/**
 * A fresh, migrated database for one test file: a new `rope_test_<random>` database on the server named by
 * DATABASE_URL (dropped on close; its `url` for other processes), or an in-memory PGlite when DATABASE_URL is unset
 * or `embedded` asks for the embedded default whatever the run's database.
 *
 * Both are copies of one migrated template, made once per set of migrations: `CREATE DATABASE ... TEMPLATE` on
 * PostgreSQL, a data directory tarball for PGlite. Migrating every test database anew took most of a test file's
 * set-up.
 */
export async function createTestDatabase(options: { embedded?: boolean } = {}): Promise<Database & { url?: string }> {
  const url = options.embedded ? undefined : process.env.DATABASE_URL;
  if (!url) return openPgliteFrom(await pgliteTemplate());
  const name = `rope_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(
      `create database ${name} template ${await postgresTemplate(admin, url)}${await copyStrategy(admin)}`,
    );
  } catch (error) {
    await admin.end();
    throw error;
  }
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: testUrl.toString(), maxConnections: 5 });
  return {
    ...database,
    url: testUrl.toString(),
    close: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * PostgreSQL 15 and later copy a template by writing each of its blocks to the WAL unless told to copy its files:
 * 0.38 instead of 0.08 CPU s of the server per test database here, for a template of 10 MB that a test reads once.
 */
async function copyStrategy(admin: postgres.Sql): Promise<string> {
  const [row] = await admin<{ version: number }[]>`select current_setting('server_version_num')::int as version`;
  return (row?.version ?? 0) >= 150_000 ? ' strategy file_copy' : '';
}

/** The migrations' fingerprint: a template is only ever a copy of exactly these migrations. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      hash.update(entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 12);
}

// Any number, the same in every process of every checkout: it serialises making a template across test workers.
const TEMPLATE_LOCK_KEY = 482_716_903;

/**
 * `rope_template_<hash>` on the server, migrated once under an advisory lock (other workers wait, then copy it).
 * Built under a temporary name and renamed when complete, so a run killed while migrating leaves no half template.
 */
async function postgresTemplate(admin: postgres.Sql, url: string): Promise<string> {
  const name = `rope_template_${migrationsHash()}`;
  const building = `${name}_building`;
  await admin`select pg_advisory_lock(${TEMPLATE_LOCK_KEY})`;
  try {
    const [existing] = await admin`select 1 from pg_database where datname = ${name}`;
    if (existing) return name;
    await admin.unsafe(`drop database if exists ${building} with (force)`);
    await admin.unsafe(`create database ${building}`);
    const buildUrl = new URL(url);
    buildUrl.pathname = `/${building}`;
    const database = await openDatabase({ url: buildUrl.toString(), maxConnections: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.unsafe(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin`select pg_advisory_unlock(${TEMPLATE_LOCK_KEY})`;
  }
}

/**
 * The embedded database in a data directory of its own (absent or empty), migrated, as a server or a command finds
 * it on disk: a copy of the migrated template, where a new directory first ran PGlite's initdb (1.6 instead of 3.7
 * CPU seconds, 2026-12-03). For a test that starts processes on it; a first start on an empty directory is tested
 * as such elsewhere (node-22, app-loads).
 */
export async function openMigratedDataDir(dataDir: string): Promise<Database> {
  await restorePgliteSnapshot(dataDir, await pgliteTemplate());
  return openDatabase({ dataDir });
}

/**
 * A migrated PGlite data directory as a tarball in the temporary folder, written once per set of migrations (to a
 * temporary file, then renamed: a reader never sees half of one) and read by every later test database.
 */
async function pgliteTemplate(): Promise<Blob> {
  const dir = join(tmpdir(), 'rope-pglite-templates');
  const file = join(dir, `${migrationsHash()}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({});
  try {
    await database.migrate();
    const snapshot = await database.snapshot!();
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
    renameSync(partial, file);
    return snapshot;
  } finally {
    await database.close();
  }
}
