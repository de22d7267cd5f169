// Compiles the API server and the worker to JavaScript (apps/api/dist/server.mjs, worker.mjs, with source maps), so
// production and the browser tests run plain Node instead of compiling TypeScript at every start.
import { chmodSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
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
    .flatMap((name) => [name, `${name}/*`]);
}

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
    entryPoints: { server: join(apiRoot, 'src/server.ts'), worker: join(apiRoot, 'src/worker.ts') },
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
    banner: {
      js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  chmodSync(staging, 0o755);
  rmSync(outdir, { recursive: true, force: true });
  renameSync(staging, outdir);
  return { server: join(outdir, 'server.mjs'), worker: join(outdir, 'worker.mjs') };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi();
