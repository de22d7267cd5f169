import { spawnSync } from 'node:child_process';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startServer } from '@rope/server-runner';
import { browserTestServer } from './server-options.ts';
import { trimWal } from './trim-wal.ts';

/** Where the empty template of a demo template lies: beside it, so that a copy of the demo does not carry it. */
export function emptyTemplateOf(demoDataDir: string): string {
  return `${demoDataDir}-empty`;
}

/**
 * Builds the API when a source is newer than the bundle (half a second: never a stale one) and makes the run's two
 * data directories: an empty, migrated one (`emptyTemplateOf`), then a copy of it with the demo data (a year of hourly
 * sensor readings) loaded, whose path it answers. Browser test files start their servers on copies of these: a fresh
 * directory's first start (initdb and every migration) cost about 8 CPU s, its copy's about 3.
 */
export async function loadDemoTemplate(): Promise<string> {
  const built = spawnSync(process.execPath, [join(repoRoot, 'apps/api/scripts/build.mjs'), '--if-stale'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`the API did not build (exit ${built.status})`);
  const empty = await stoppedServerDir({ DEMO_DATA: 'false' });
  const demo = await stoppedServerDir({ DEMO_DATA: 'true' }, empty);
  renameSync(empty, emptyTemplateOf(demo));
  return demo;
}

/** Starts a server on a fresh directory (or a copy of `copyOf`), stops it cleanly and answers its directory. */
async function stoppedServerDir(env: Record<string, string>, copyOf?: string): Promise<string> {
  const server = await startServer(browserTestServer(env, { keepDataDir: true, copyOf }));
  const code = await server.stop();
  if (code !== 0) throw new Error(`the server did not stop cleanly (exit ${code}):\n${server.output()}`);
  trimWal(join(server.dataDir, 'db'));
  return server.dataDir;
}
