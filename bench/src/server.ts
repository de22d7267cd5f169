import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startServer } from '@rope/server-runner';

/** How long the server may take to load the demo data: minutes, on a machine shared with others. */
const START_TIMEOUT_MS = Number(process.env.START_TIMEOUT_MS ?? 300_000);

/**
 * The compiled server and worker, as production runs them (not through tsx): built first when a source is newer
 * than the build (apps/api/scripts/build.mjs --if-stale). The server's path is from the repository's root.
 */
export function compiledApi(root = repoRoot) {
  const build = join(root, 'apps/api/scripts/build.mjs');
  // A baseline checkout from before the build ran its server through tsx.
  if (!existsSync(build)) return { server: 'apps/api/src/server.ts', worker: join(root, 'apps/api/src/worker.ts') };
  execFileSync(process.execPath, [build, '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  return { server: 'apps/api/dist/server.mjs', worker: join(root, 'apps/api/dist/worker.mjs') };
}

/**
 * The API server as the benchmarks need it: compiled as in production, embedded mode, demo data, a fresh data
 * directory, the built web client.
 */
export function startBenchServer(env: Record<string, string> = {}, nodeArgs: string[] = [], root?: string) {
  return startServer({
    env: { DEMO_DATA: 'true', LOG_LEVEL: 'error', ...env },
    startTimeoutMs: START_TIMEOUT_MS,
    dataDirPrefix: 'rope-bench-',
    nodeArgs,
    entry: compiledApi(root).server,
    ...(root ? { root } : {}),
  });
}
