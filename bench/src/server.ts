import { startServer } from '@rope/server-runner';

/** How long the server may take to load the demo data: minutes, on a machine shared with others. */
const START_TIMEOUT_MS = Number(process.env.START_TIMEOUT_MS ?? 300_000);

/** The API server as the benchmarks need it: embedded mode, demo data, a fresh data directory, the built web client. */
export function startBenchServer(env: Record<string, string> = {}, nodeArgs: string[] = [], root?: string) {
  return startServer({
    env: { DEMO_DATA: 'true', LOG_LEVEL: 'error', ...env },
    startTimeoutMs: START_TIMEOUT_MS,
    dataDirPrefix: 'rope-bench-',
    nodeArgs,
    ...(root ? { root } : {}),
  });
}
