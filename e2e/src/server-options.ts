import { memoryFolder, type ServerOptions } from '@rope/server-runner';
import { SERVER_TIME_ZONE } from './world.ts';

/** Demo data on a busy two-core machine can take well over a minute to load. */
const START_TIMEOUT_MS = 180_000;

/**
 * The servers' data directories live in memory where there is room for a few demo copies (about 170 MB each, up to
 * five at once): a browser test's database only has to outlive its file.
 */
const DATA_DIR_PARENT = memoryFolder(4 * 1024 ** 3);

/**
 * PGlite's WebAssembly compiled by V8's baseline compiler only: a test server lives a minute or two, and optimising
 * its hot functions (which a server that runs for days gains from) cost more CPU than it saved. A start and 800 rope
 * page calls took 12 instead of 15 CPU seconds (three runs each, 2026-11-30); these servers are about a sixth of the
 * CPU of a whole `npm test`.
 */
const LIFTOFF_ONLY = process.env.E2E_WASM_OPTIMISE === '1' ? [] : ['--liftoff-only'];

/**
 * How the browser tests run the real API server (with the built web client, compiled, on a fresh PGlite directory):
 * in the default world's time zone (Zurich) unless `env` names another.
 */
export function browserTestServer(
  env: Record<string, string>,
  options: { keepDataDir?: boolean; copyOf?: string } = {},
): ServerOptions {
  return {
    env: { TZ: SERVER_TIME_ZONE, ...env },
    startTimeoutMs: START_TIMEOUT_MS,
    dataDirPrefix: 'rope-e2e-',
    dataDirParent: DATA_DIR_PARENT,
    copyOf: options.copyOf,
    keepDataDir: options.keepDataDir,
    // Built by the run's global set-up (demo-template.ts).
    entry: 'apps/api/dist/server.mjs',
    nodeArgs: LIFTOFF_ONLY,
  };
}
