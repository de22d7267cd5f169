import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase } from '@rope/db/client';
import { EnvError, parseEnv } from '../env.ts';
import { type BackupPlace, dumpPglite, dumpPostgres, restoreBackup, writeBackup } from './backup.ts';
import { BackupError } from './backup-error.ts';
import { askControl } from './control-socket.ts';

const USAGE = 'usage: npm run backup -- <folder>   |   npm run restore -- <folder>';

/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder>` for the cockpit the settings (DATABASE_URL, DATA_DIR,
 * STORAGE_DRIVER) describe. See docs/operations.md.
 */
async function main() {
  const [command, folder] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !folder) {
    console.error(USAGE);
    process.exit(2);
  }
  const env = parseEnv();
  const place: BackupPlace = {
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    filesOnDisk: env.STORAGE_DRIVER === 'filesystem',
  };
  if (!place.filesOnDisk) {
    console.log('Uploaded files live in the S3 bucket: back it up with its provider (versioning, replication).');
  }
  // npm runs scripts in the repository's root; a relative folder means the one the operator typed it in.
  const target = resolve(process.env.INIT_CWD ?? process.cwd(), folder);
  if (command === 'backup') await backup(place, target);
  else await restore(place, target);
}

async function backup(place: BackupPlace, target: string) {
  if (place.databaseUrl) {
    const manifest = await writeBackup(place, target, dumpPostgres(place.databaseUrl));
    console.log(`Backup written to ${target}: the database and ${manifest.files.count} files.`);
    return;
  }
  const answer = await askControl(place.dataDir, { command: 'backup', target });
  if (answer !== 'absent') {
    if (!answer.ok) throw new BackupError(answer.message);
    console.log(`Backup written by the running cockpit: ${answer.message}.`);
    return;
  }
  const dbDir = join(place.dataDir, 'db');
  if (!existsSync(join(dbDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dbDir}: is DATA_DIR the cockpit's?`);
  }
  const database = await openDatabase({ dataDir: dbDir });
  try {
    const manifest = await writeBackup(place, target, dumpPglite(database));
    console.log(`Backup written to ${target}: the database and ${manifest.files.count} files.`);
  } finally {
    await database.close();
  }
}

async function restore(place: BackupPlace, source: string) {
  if (!place.databaseUrl && (await askControl(place.dataDir, undefined)) !== 'absent') {
    throw new BackupError(`A cockpit is running on ${place.dataDir}: restore into an empty place, never a live one.`);
  }
  const manifest = await restoreBackup(source, place);
  console.log(
    `Restored the backup of ${manifest.createdAt}: the database and ${manifest.files.count} files. Start the cockpit; it migrates the database if the backup is older.`,
  );
}

main().catch((error: unknown) => {
  const known = error instanceof EnvError || error instanceof BackupError;
  console.error(known ? (error as Error).message : `Failed: ${(error as Error).message}`);
  process.exit(1);
});
