import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Below the event loop: on a machine whose cores are all busy, the loop's short answers go first and a parse takes
 * what is left. On Linux the nice value belongs to the thread, so this lowers the worker alone; where the system does
 * not allow it, the worker runs at the process's priority.
 */
const LOWER_PRIORITY =
  "try { const os = require('node:os'); os.setPriority(Math.min(19, os.getPriority() + 10)); } catch {}";

/** The folder of the compiled server's bundles, which their banner names (apps/api/scripts/build.mjs); none from source. */
function compiledFolder(): string | undefined {
  return (globalThis as { __ropeCompiledFolder?: string }).__ropeCompiledFolder;
}

/**
 * A thread running a module of the API, ten nice steps below the event loop. The compiled server runs its bundle
 * (`dist/<bundle>.mjs`) with plain Node, as production runs no TypeScript; from source the TypeScript module runs
 * through tsx, whose loader does not reach threads by itself.
 */
export function startWorkerThread(source: URL, bundle: string): Worker {
  const folder = compiledFolder();
  const code = folder
    ? `${LOWER_PRIORITY} import(${JSON.stringify(new URL(`${bundle}.mjs`, folder).href)});`
    : `${LOWER_PRIORITY} import(${JSON.stringify(tsxApi())}).then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(code, { eval: true });
}

function tsxApi(): string {
  return pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/esm/api')), 'index.mjs')).href;
}
