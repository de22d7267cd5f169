import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase, queryRows, restorePgliteSnapshot } from '@rope/db/client';
import { sql } from 'drizzle-orm';
import { DEMO_KEY_SECRET_FILE } from '../demo/key-secret.ts';
import { BackupError } from './backup-error.ts';
import { copyEmbeddedToPostgres } from './copy-database.ts';
import { copyDumpIntoEmbedded } from './copy-dump-into-embedded.ts';
import { runPgTool } from './pg-tools.ts';

export const BACKUP_FORMAT = 1;
const MANIFEST = 'manifest.json';
const FILES = 'files';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'postgres' | 'pglite';
  databaseFile: string;
  files: { count: number; bytes: number };
}

/** Where a backup comes from or goes to: the settings of one cockpit. */
export interface BackupPlace {
  dataDir: string;
  /** Absent for the embedded default. */
  databaseUrl?: string;
  /** False when uploaded files live in an S3 bucket, which its provider's own tools back up. */
  filesOnDisk: boolean;
}

/**
 * Writes a backup of `place` into `target` (absent or empty): the database, the file store and the data directory's
 * key secret, with a manifest. The files are copied before and after the database, so every file a row of the
 * database names is in the backup, however uploads and deletions interleave (short of a file made and deleted again
 * between the two passes, which no row can name then).
 */
export async function writeBackup(
  place: BackupPlace,
  target: string,
  dumpDatabase: (file: string) => Promise<void>,
): Promise<BackupManifest> {
  await assertEmptyDirectory(target, 'The backup folder');
  await mkdir(target, { recursive: true });
  const filesTarget = join(target, FILES);
  await mkdir(filesTarget, { recursive: true });
  if (place.filesOnDisk) await copyFileStore(join(place.dataDir, FILES), filesTarget);
  const databaseFile = place.databaseUrl ? 'db.dump' : 'db.tar.gz';
  await dumpDatabase(join(target, databaseFile));
  if (place.filesOnDisk) await copyFileStore(join(place.dataDir, FILES), filesTarget);
  await cp(join(place.dataDir, DEMO_KEY_SECRET_FILE), join(target, DEMO_KEY_SECRET_FILE)).catch(ignoreMissing);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: place.databaseUrl ? 'postgres' : 'pglite',
    databaseFile,
    files: await countFiles(filesTarget),
  };
  await writeFile(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** `pg_dump` of a PostgreSQL database in the custom format, which `pg_restore` reads. */
export function dumpPostgres(url: string) {
  return async (file: string) => {
    // Made first, readable by its owner only (like the embedded archive): pg_dump writes into it and keeps the mode.
    await writeFile(file, '', { mode: 0o600 });
    await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], url);
    await chmod(file, 0o600);
  };
}

/** The embedded database's snapshot, from the process that has it open. */
export function dumpPglite(database: Database) {
  return async (file: string) => {
    if (!database.snapshot) throw new BackupError('This database cannot be snapshotted: it is not the embedded one.');
    const snapshot = await database.snapshot();
    await writeFile(file, Buffer.from(await snapshot.arrayBuffer()), { mode: 0o600 });
  };
}

/**
 * Restores the backup in `source` into `place`, whose database and file store must both be empty: into the same kind
 * of database, or across (the quick start moved to a server, or a server's data taken back to one machine).
 */
export async function restoreBackup(source: string, place: BackupPlace): Promise<BackupManifest> {
  const manifest = await readManifest(source);
  const filesTarget = join(place.dataDir, FILES);
  if (place.filesOnDisk) await assertEmptyDirectory(filesTarget, 'The file store (DATA_DIR/files)');
  const databaseFile = join(source, manifest.databaseFile);
  const dbDir = join(place.dataDir, 'db');
  if (place.databaseUrl) await assertEmptyPostgres(place.databaseUrl);
  else await assertEmptyDirectory(dbDir, 'The embedded database (DATA_DIR/db)');
  if (manifest.database === 'pglite' && place.databaseUrl) {
    await moveEmbeddedIntoPostgres(databaseFile, place.databaseUrl);
  } else if (place.databaseUrl) {
    await runPgTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', databaseFile],
      place.databaseUrl,
    );
  } else if (manifest.database === 'postgres') {
    await movePostgresIntoEmbedded(databaseFile, dbDir);
  } else {
    await restorePgliteSnapshot(dbDir, new Blob([await readFile(databaseFile)]));
  }
  if (place.filesOnDisk) {
    await mkdir(filesTarget, { recursive: true });
    await cp(join(source, FILES), filesTarget, { recursive: true });
    const restored = await countFiles(filesTarget);
    if (restored.count !== manifest.files.count || restored.bytes !== manifest.files.bytes) {
      throw new BackupError(
        `The file store restored ${restored.count} files (${restored.bytes} bytes) where the backup lists ${manifest.files.count} (${manifest.files.bytes} bytes).`,
      );
    }
  }
  const secret = join(place.dataDir, DEMO_KEY_SECRET_FILE);
  if (!(await exists(secret))) {
    await cp(join(source, DEMO_KEY_SECRET_FILE), secret).catch(ignoreMissing);
  }
  return manifest;
}

/**
 * The quick start's database moved into server mode: the embedded snapshot opened in a scratch directory and brought to
 * this version's schema, PostgreSQL migrated to the same, then every row copied (ops/copy-database.ts).
 */
async function moveEmbeddedIntoPostgres(snapshotFile: string, databaseUrl: string): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'rope-move-'));
  try {
    await restorePgliteSnapshot(join(scratch, 'db'), new Blob([await readFile(snapshotFile)]));
    const from = await openDatabase({ dataDir: join(scratch, 'db') });
    const to = await openDatabase({ url: databaseUrl, maxConnections: 2 });
    try {
      await from.migrate();
      await to.migrate();
      await copyEmbeddedToPostgres(from, to);
    } finally {
      await from.close();
      await to.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A server's backup loaded into a new embedded database (ops/copy-dump-into-embedded.ts); removed again if it fails. */
async function movePostgresIntoEmbedded(dumpFile: string, dbDir: string): Promise<void> {
  const to = await openDatabase({ dataDir: dbDir });
  try {
    await to.migrate();
    await copyDumpIntoEmbedded(dumpFile, to);
    await to.close();
  } catch (error) {
    await to.close().catch(() => undefined);
    await rm(dbDir, { recursive: true, force: true });
    throw error;
  }
}

async function readManifest(source: string): Promise<BackupManifest> {
  const text = await readFile(join(source, MANIFEST), 'utf8').catch(() => {
    throw new BackupError(`${source} holds no backup: ${MANIFEST} is missing.`);
  });
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`${join(source, MANIFEST)} is not valid JSON.`);
  }
  if (manifest.format !== BACKUP_FORMAT || (manifest.database !== 'postgres' && manifest.database !== 'pglite')) {
    throw new BackupError(`${join(source, MANIFEST)} is of a backup format this cockpit does not know.`);
  }
  if (manifest.databaseFile !== 'db.dump' && manifest.databaseFile !== 'db.tar.gz') {
    throw new BackupError(`${join(source, MANIFEST)} names no database file of this cockpit.`);
  }
  return manifest as BackupManifest;
}

/** Uploads in flight (`*.incoming`) are not files yet: their row is not committed either. */
async function copyFileStore(from: string, to: string): Promise<void> {
  if (!(await exists(from))) return;
  await cp(from, to, {
    recursive: true,
    force: false,
    errorOnExist: false,
    filter: (path) => !path.endsWith('.incoming'),
  });
}

/** Stored files and their bytes; each file's `.meta.json` beside it is not counted. */
async function countFiles(dir: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.meta.json')) continue;
    count++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { count, bytes };
}

async function assertEmptyDirectory(dir: string, what: string): Promise<void> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0)
    throw new BackupError(`${what} ${dir} is not empty; a backup is only ever put into an empty place.`);
}

async function assertEmptyPostgres(url: string): Promise<void> {
  const database = await openDatabase({ url, maxConnections: 1 });
  try {
    const [row] = await queryRows<{ tables: number }>(
      database.db,
      sql`select count(*)::int as tables from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if ((row?.tables ?? 0) > 0) {
      throw new BackupError(
        `The database at DATABASE_URL already holds ${row?.tables} tables; restore into a new, empty database.`,
      );
    }
  } finally {
    await database.close();
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

function ignoreMissing(error: NodeJS.ErrnoException) {
  if (error.code !== 'ENOENT') throw error;
}
