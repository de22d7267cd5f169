import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text files worth compressing, and TrueType fonts (the reports' DejaVu Sans, 740 KB, a third of that in brotli);
 * images and woff fonts are compressed formats already.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map|ttf)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every text file of the build, so the API sends them as they
 * are (@fastify/static preCompressed) instead of compressing on every request or not at all.
 */
export function compressAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'rope:compress-assets',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // Last, after every other plugin has finished: the service worker and its Workbox runtime are written then.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        const files = await listFiles(outDir);
        await Promise.all(files.filter((file) => COMPRESSIBLE.test(file)).map(compressFile));
      },
    },
  };
}

async function compressFile(file: string) {
  if ((await stat(file)).size < MIN_BYTES) return;
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is left out; the server then sends the file itself.
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
