import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type Database, openDatabase } from './client.ts';

/**
 * A fresh, migrated database for one test file: a new `rope_test_<random>` database on the server named by
 * DATABASE_URL (dropped on close; its `url` for other processes), or an in-memory PGlite when DATABASE_URL is unset
 * or `embedded` asks for the embedded default whatever the run's database.
 */
export async function createTestDatabase(options: { embedded?: boolean } = {}): Promise<Database & { url?: string }> {
  const url = options.embedded ? undefined : process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const name = `rope_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: testUrl.toString(), maxConnections: 5 });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    throw error;
  }
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
