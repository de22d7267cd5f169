import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
  });
}
