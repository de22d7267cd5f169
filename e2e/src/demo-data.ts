import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot, startServer } from '@rope/server-runner';
import { browserTestServer } from './server-options.ts';
import { trimWal } from './trim-wal.ts';

/**
 * Builds the API when a source is newer than the bundle (half a second: never a stale one) and loads the demo data (a year of
 * hourly sensor readings) into a data directory of its own, which it answers: the template every browser test file's
 * demo server starts from a copy of.
 */
export async function loadDemoTemplate(): Promise<string> {
  const built = spawnSync(process.execPath, [join(repoRoot, 'apps/api/scripts/build.mjs'), '--if-stale'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`the API did not build (exit ${built.status})`);
  const server = await startServer(browserTestServer({ DEMO_DATA: 'true' }, { keepDataDir: true }));
  const code = await server.stop();
  if (code !== 0) throw new Error(`the demo server did not stop cleanly (exit ${code}):\n${server.output()}`);
  trimWal(join(server.dataDir, 'db'));
  return server.dataDir;
}
