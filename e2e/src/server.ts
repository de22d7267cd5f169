import { type RunningServer, repoRoot, startServer as startApiServer } from '@rope/server-runner';
import { SERVER_TIME_ZONE } from './world.ts';

export { type RunningServer, repoRoot };

/** Demo data on a busy two-core machine can take well over a minute to load. */
const START_TIMEOUT_MS = 180_000;

/**
 * Starts the real API server (with the built web client) on a free port and a fresh PGlite directory, in the
 * default world's time zone (Zurich) unless `env` names another.
 */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startApiServer({
    env: { TZ: SERVER_TIME_ZONE, ...env },
    startTimeoutMs: START_TIMEOUT_MS,
    dataDirPrefix: 'rope-e2e-',
  });
}
