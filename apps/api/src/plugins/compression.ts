import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON (and CSV exports) of 1 KiB or more go out as brotli or gzip, as Accept-Encoding allows. Everything else keeps
 * its bytes: the web client's files are compressed at build time (spa.ts), images, PDFs and other downloads are
 * compressed formats or must keep their exact length and ranges.
 */
const COMPRESSIBLE = /^(application\/([\w.-]+\+)?json|text\/csv)\s*(;|$)/i;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
