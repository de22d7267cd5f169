import { type BrotliOptions, brotliCompressSync, gzipSync, type ZlibOptions } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers sent again and again as the same Buffer (the answer cache's, http/answer-cache.ts): each is compressed
 * once per encoding, with the plugin's own options, and the bytes sent again. Any other answer is compressed afresh.
 */
const sentAgain = new WeakMap<Buffer, { br?: Buffer; gzip?: Buffer }>();

/** Marks `body` as one that goes out again as it is: its compressed forms are kept with it. */
export function compressOnce(body: Buffer): Buffer {
  if (!sentAgain.has(body)) sentAgain.set(body, {});
  return body;
}

function once<O>(encoding: 'br' | 'gzip', compressSync: (payload: Buffer | string, options?: O) => Buffer) {
  return (payload: Buffer | string, options?: O) => {
    const kept = typeof payload === 'string' ? undefined : sentAgain.get(payload);
    if (!kept) return compressSync(payload, options);
    kept[encoding] ??= compressSync(payload, options);
    return kept[encoding];
  };
}

/** node:zlib's synchronous compressors as the plugin calls them (its streams stay node:zlib's). */
const zlib = {
  brotliCompressSync: once<BrotliOptions>('br', brotliCompressSync),
  gzipSync: once<ZlibOptions>('gzip', gzipSync),
};

/**
 * API answers of 1 KiB or more go out as brotli or gzip, as Accept-Encoding allows: JSON, CSV exports and whatever
 * else mime-db calls compressible; images, PDFs and other already compressed formats keep their bytes, and so does
 * anything already carrying a Content-Encoding or a range. The web client's files are compressed at build time
 * (spa.ts registers them before this plugin, so they are never compressed per request).
 */
const COMPRESSIBLE = /^(application\/([\w.-]+\+)?json|text\/csv)\s*(;|$)/i;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Request bodies stay as they were: no client sends them encoded, and inflating them is work an attacker chooses.
    globalDecompression: false,
    zlib,
  });
}
