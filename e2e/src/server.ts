import { type RunningServer, repoRoot, startServer as startApiServer } from '@rope/server-runner';
import { inject } from 'vitest';
import { SERVER_TIME_ZONE } from './world.ts';

export { type RunningServer, repoRoot };

/** Demo data on a busy two-core machine can take well over a minute to load. */
const START_TIMEOUT_MS = 180_000;

/**
 * Starts the real API server (with the built web client) on a free port and a fresh PGlite directory, in the
 * default world's time zone (Zurich) unless `env` names another. With `DEMO_DATA: 'true'` inside a test run, the
 * directory is a copy of the one the run loaded the demo into once (demo-template.ts).
 */
export function startServer(
  env: Record<string, string> = {},
  options: { keepDataDir?: boolean; copyOf?: string } = {},
): Promise<RunningServer> {
  const demoDataDir = options.copyOf ?? (env.DEMO_DATA === 'true' ? demoTemplate() : undefined);
  return startApiServer({
    env: { TZ: SERVER_TIME_ZONE, ...env },
    startTimeoutMs: START_TIMEOUT_MS,
    dataDirPrefix: 'rope-e2e-',
    copyOf: demoDataDir,
    keepDataDir: options.keepDataDir,
    // Built by the run's global set-up (demo-template.ts).
    entry: 'apps/api/dist/server.mjs',
  });
}

function demoTemplate(): string | undefined {
  try {
    return inject('demoDataDir');
  } catch {
    // Outside a test (the global set-up making the template itself): load the demo.
    return undefined;
  }
}
