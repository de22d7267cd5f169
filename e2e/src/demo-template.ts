import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory with the demo data loaded, made once per run; demo servers start from a copy of it. */
    demoDataDir: string;
    /** A server on a copy of the demo data that the every-screen files of the five roles share (each signs in as its own user). */
    sharedDemoServerUrl: string;
  }
}

/**
 * Loads the demo data (a year of hourly sensor readings) once for the whole run: every browser test file that wants
 * the demo starts its own server on a copy of this directory, in seconds instead of a minute or more each.
 */
export default async function setup(project: TestProject) {
  // The servers run the compiled API, built here from the source as it is now (half a second), never a stale one.
  const built = spawnSync(process.execPath, [join(repoRoot, 'apps/api/scripts/build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`the API did not build (exit ${built.status})`);
  const server = await startServer({ DEMO_DATA: 'true' }, { keepDataDir: true });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the demo server did not stop cleanly (exit ${code}):\n${server.output()}`);
  project.provide('demoDataDir', server.dataDir);
  // Started here, after the template, so it starts from a copy of it like the files' own servers.
  const shared = await startServer({ DEMO_DATA: 'true' }, { copyOf: server.dataDir });
  project.provide('sharedDemoServerUrl', shared.url);
  return async () => {
    const sharedCode = await shared.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    // A clean shutdown (SIGTERM, running work finished) is part of what every browser test checks.
    if (sharedCode !== 0)
      throw new Error(`the shared demo server did not stop cleanly (exit ${sharedCode}):\n${shared.output()}`);
  };
}
