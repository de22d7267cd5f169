import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory with the demo data loaded, made once per run; demo servers start from a copy of it. */
    demoDataDir: string;
  }
}

/**
 * Loads the demo data (a year of hourly sensor readings) once for the whole run: every browser test file that wants
 * the demo starts its own server on a copy of this directory, in seconds instead of a minute or more each.
 */
export default async function setup(project: TestProject) {
  const server = await startServer({ DEMO_DATA: 'true' }, { keepDataDir: true });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the demo server did not stop cleanly (exit ${code}):\n${server.output()}`);
  project.provide('demoDataDir', server.dataDir);
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
