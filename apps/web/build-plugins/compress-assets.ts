import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const zlibGzip = promisify(gzip);

/**
 * Text files worth compressing, and TrueType fonts (the reports' DejaVu Sans, 740 KB, a third of that in brotli);
 * images and woff fonts are compressed formats already.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map|ttf)$/;
/**
 * Code worth Zopfli's time: its 3.5 % pays on the larger chunks (the first download's libraries, texts and screens),
 * while each call costs 10-25 ms whatever the size, and below this a file gains a hundred bytes. The rest, the styles
 * and the report's font take zlib's level 9 (Zopfli on them all doubled the build's time).
 */
const ZOPFLI_MIN_BYTES = 16 * 1024;
const ZOPFLI = /\.(js|mjs)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a .br (quality 11) and a .gz beside every text file of the build, so the API sends them as they are
 * (@fastify/static preCompressed) instead of compressing on every request or not at all. The code's .gz comes from
 * Zopfli: a gzip file any client reads, 3.5 % smaller than zlib's level 9 (measured on the first download's chunks;
 * one iteration gives nearly all of it, more add build time for 0.1 %).
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
    ZOPFLI.test(file) && content.length >= ZOPFLI_MIN_BYTES
      ? zopfliGzip(content, { numiterations: 1 })
      : zlibGzip(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is left out; the server then sends the file itself.
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
