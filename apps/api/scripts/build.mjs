// Compiles the API server, the worker and the backup command to JavaScript (apps/api/dist/server.mjs, worker.mjs,
// backup-cli.mjs, with source maps), so production, `npm run backup` and the tests run plain Node instead of compiling
// TypeScript at every start.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(apiRoot, 'dist');

/**
 * The packages Node loads from node_modules: the API's dependencies but the workspace's TypeScript packages, which
 * the bundle takes in (their own dependencies are therefore the API's too: a test checks that). Development
 * dependencies the server still imports are taken in too: pdf-lib and pngjs draw the demo data's files, and a site
 * installing production dependencies only still gets the demo data it asks for.
 */
export function externals() {
  const { dependencies = {} } = JSON.parse(readFileSync(join(apiRoot, 'package.json'), 'utf8'));
  return Object.keys(dependencies)
    .filter((name) => !name.startsWith('@rope/') || name === '@rope/web')
    .filter((name) => !TAKEN_IN.includes(name))
    .flatMap((name) => [name, `${name}/*`]);
}

/**
 * Dependencies of plain JavaScript taken into the bundle all the same, because Node is slow to load them file by file:
 * drizzle-orm's package.json declares 394 exports, and Node's resolver read that 179 KB manifest again for each of the
 * few hundred files the server imports from it: 0.42 of the 1.05 s a start spent loading modules (3.2 s in all, a CPU
 * profile). Starts on the demo copy took 2.5-2.7 instead of 2.9-3.5 CPU s with it taken in (three each, 2026-12-03).
 */
export const TAKEN_IN = ['drizzle-orm'];

/**
 * Files find their neighbours through `import.meta.url` (migrations, the OpenAPI page, the worker threads' modules):
 * in the bundle each file's `import.meta.url` stays the URL of its source file, taken relative to the bundle, so the
 * bundle runs beside the source tree it was built from.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split('\\').join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

export async function buildApi() {
  // Built beside and swapped in whole: a server starting meanwhile reads the old files or the new ones, never half.
  const staging = mkdtempSync(join(apiRoot, '.dist-'));
  await build({
    entryPoints: {
      server: join(apiRoot, 'src/server.ts'),
      worker: join(apiRoot, 'src/worker.ts'),
      'backup-cli': join(apiRoot, 'src/ops/backup-cli.ts'),
      // The worker threads' modules (infra/worker-thread.ts runs these bundles in the compiled server).
      'xml-worker': join(apiRoot, 'src/modules/events/import-xml-worker.ts'),
      'trace-worker': join(apiRoot, 'src/modules/mrt/trace-worker.ts'),
    },
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    external: externals(),
    plugins: [sourceUrls],
    // CommonJS packages taken into the bundle (pngjs) call require() for Node's own modules.
    // The bundles' folder tells worker threads to run their bundles too (infra/worker-thread.ts).
    banner: {
      js:
        "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);" +
        " globalThis.__ropeCompiledFolder ??= new URL('.', import.meta.url).href;",
    },
    logLevel: 'warning',
  });
  chmodSync(staging, 0o755);
  // Two renames, not a removal first: the old folder is gone for a moment only, not for as long as deleting it takes.
  const previous = `${staging}-old`;
  if (existsSync(outdir)) renameSync(outdir, previous);
  renameSync(staging, outdir);
  rmSync(previous, { recursive: true, force: true });
  return bundles();
}

/** The compiled entry points. */
function bundles() {
  return {
    server: join(outdir, 'server.mjs'),
    worker: join(outdir, 'worker.mjs'),
    backupCli: join(outdir, 'backup-cli.mjs'),
  };
}

/** The newest modification time among the files the bundle is made of (the API's and the workspace packages' sources). */
function newestSource() {
  let newest = 0;
  const visit = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const child = join(path, entry.name);
      if (entry.isDirectory()) visit(child);
      else newest = Math.max(newest, statSync(child).mtimeMs);
    }
  };
  const packages = join(apiRoot, '../../packages');
  for (const folder of [join(apiRoot, 'src'), ...readdirSync(packages).map((name) => join(packages, name, 'src'))]) {
    if (existsSync(folder)) visit(folder);
  }
  return Math.max(
    newest,
    statSync(join(apiRoot, 'package.json')).mtimeMs,
    statSync(fileURLToPath(import.meta.url)).mtimeMs,
  );
}

/**
 * Builds only when the bundle is missing or older than a source: tests that run the compiled server build it first,
 * and a run that just built it (npm test) does not build it again under servers already starting from it.
 */
export async function buildApiIfStale() {
  const files = Object.values(bundles());
  const built = files.every((file) => existsSync(file)) ? Math.min(...files.map((file) => statSync(file).mtimeMs)) : 0;
  if (built > newestSource()) return bundles();
  return buildApi();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await (process.argv.includes('--if-stale') ? buildApiIfStale() : buildApi());
}
