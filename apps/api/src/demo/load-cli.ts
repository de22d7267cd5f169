import { join, resolve } from 'node:path';
import { openDatabase } from '@rope/db/client';
import { EnvError, parseEnv } from '../env.ts';
import { createStorage } from '../infra/storage/create.ts';
import { demoKeySecret } from './key-secret.ts';
import { loadDemoData } from './load.ts';

/** `pnpm demo:load`: loads the demo data into the database named by DATABASE_URL, or the embedded one. */
async function main() {
  const env = parseEnv();
  const dataDir = resolve(env.DATA_DIR);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: join(dataDir, 'db') });
  const storage = createStorage(env);
  try {
    await database.migrate();
    const result = await loadDemoData({
      db: database.db,
      storage,
      keySecret: demoKeySecret(dataDir),
      log: { info: (message) => console.log(message) },
    });
    console.log(result.loaded ? 'Demo data loaded.' : 'Demo data was already loaded; nothing changed.');
    console.log(`Demo logins (password ${result.password}):`);
    for (const account of result.accounts) console.log(`  ${account.email.padEnd(26)} ${account.role}`);
    for (const key of result.apiKeys) console.log(`  API key ${key.role.padEnd(20)} ${key.key}`);
  } finally {
    storage.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : `Demo load failed: ${(error as Error).message}`);
  process.exit(1);
});
