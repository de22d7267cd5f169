import zlibOfNode, {
  type BrotliOptions,
  brotliCompressSync,
  constants,
  gzipSync,
  type ZlibOptions,
  type ZstdOptions,
} from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body a route sent through sendKept, before its encoding. */
    keptBody?: Buffer;
  }
}

/**
 * Answers sent again and again as the same Buffer (the answer cache's, http/answer-cache.ts): each is compressed
 * once per encoding, with the plugin's own options, and the bytes sent again. Any other answer is compressed afresh.
 */
const sentAgain = new WeakMap<Buffer, { br?: Buffer; gzip?: Buffer; zstd?: Buffer }>();

/** Marks `body` as one that goes out again as it is: its compressed forms are kept with it. */
export function compressOnce(body: Buffer): Buffer {
  if (!sentAgain.has(body)) sentAgain.set(body, {});
  return body;
}

function once<O>(encoding: 'br' | 'gzip' | 'zstd', compressSync: (payload: Buffer | string, options?: O) => Buffer) {
  return (payload: Buffer | string, options?: O) => {
    const kept = typeof payload === 'string' ? undefined : sentAgain.get(payload);
    if (!kept) return compressSync(payload, options);
    kept[encoding] ??= compressSync(payload, options);
    return kept[encoding];
  };
}

/**
 * Brotli told the answer's size up front: it sizes its window and tables to it instead of to 4 MiB, the same bytes
 * out in half the time (an installation's 40 ropes, 12 KiB: 0.05 instead of 0.115 ms; 60 KiB: 0.86 instead of 1.18).
 */
function brotliSized(payload: Buffer | string, options: BrotliOptions = {}): Buffer {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  return brotliCompressSync(payload, {
    ...options,
    params: { ...options.params, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
}

/** Zstandard told the answer's size up front, as brotli is: 12 KiB of an installation's ropes in 0.03 instead of 0.07 ms. */
function zstdSized(payload: Buffer | string, options: ZstdOptions = {}): Buffer {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  return zlibOfNode.zstdCompressSync(payload, { ...options, pledgedSrcSize: size });
}

/** Node has Zstandard from 22.15 on; an older Node answers in brotli and gzip only. */
const zstdAvailable = typeof zlibOfNode.zstdCompressSync === 'function';

/** node:zlib's synchronous compressors as the plugin calls them (its streams stay node:zlib's). */
const zlib = {
  brotliCompressSync: once<BrotliOptions>('br', brotliSized),
  gzipSync: once<ZlibOptions>('gzip', gzipSync),
  ...(zstdAvailable ? { zstdCompressSync: once<ZstdOptions>('zstd', zstdSized) } : {}),
};

/**
 * The encodings answers compressed per request go out in, the server's preference first. Zstandard (level 3) makes
 * about as few bytes as brotli at quality 4 for a fifth to a seventh of its CPU (an installation's 40 ropes, 12 KiB:
 * 518 bytes in 0.03 ms against 472 in 0.17-0.2 ms, 2026-12-05), and every current browser but Safari asks for it.
 */
const ENCODINGS = zstdAvailable ? (['zstd', 'br', 'gzip'] as const) : (['br', 'gzip'] as const);

/** A kept answer (sendKept) is compressed once and sent many times: there the fewest bytes win, brotli's. */
const KEPT_ENCODINGS = zstdAvailable ? (['br', 'zstd', 'gzip'] as const) : (['br', 'gzip'] as const);

/**
 * Sends a kept answer (compressOnce) in the encoding the caller accepts, compressed the first time it is asked for in
 * that encoding and sent as those bytes after. The plugin compresses large answers as streams, afresh each time, so
 * an answer of megabytes (a damage chart) is encoded here, as the plugin negotiates: `*` and `x-gzip` mean gzip.
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, body: Buffer) {
  const kept = compressOnce(body);
  // The answer as made, before its encoding: the answer cache keeps this one (http/answer-cache.ts).
  request.keptBody = kept;
  const header = request.headers['accept-encoding']?.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  const encoding = body.length >= THRESHOLD && header ? negotiate(header, [...KEPT_ENCODINGS]) : undefined;
  reply.header('vary', 'accept-encoding');
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(kept, BROTLI));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(kept));
  if (encoding === 'zstd' && zlib.zstdCompressSync)
    return reply.header('content-encoding', 'zstd').send(zlib.zstdCompressSync(kept));
  return reply.send(kept);
}

/** Brotli at quality 4 (the plugin's default: 11 costs a hundred times as much), for answers from 1 KiB on. */
const BROTLI: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const THRESHOLD = 1024;

/**
 * Answers up to 64 KiB are compressed in one synchronous call; larger ones as a stream on libuv's threads. The plugin's
 * own limit on two cores is 8 KiB, so an installation's 40 ropes (12 KiB) went through a new brotli stream each time:
 * 2 ms of a 4 ms answer (the bench `hierarchy`), where compressing the same bytes at once takes 0.1-0.2 ms and 64 KiB
 * at most about 1 ms.
 */
const SYNC_UP_TO = 64 * 1024;

/**
 * API answers of 1 KiB or more go out as Zstandard, brotli or gzip, as Accept-Encoding allows: JSON, CSV exports and
 * whatever else mime-db calls compressible; images, PDFs and other already compressed formats keep their bytes, and so
 * does anything already carrying a Content-Encoding or a range. The web client's files are compressed at build time
 * (spa.ts registers them before this plugin, so they are never compressed per request).
 */
const COMPRESSIBLE = /^(application\/([\w.-]+\+)?json|text\/csv)\s*(;|$)/i;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: THRESHOLD,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI,
    customTypes: COMPRESSIBLE,
    syncThreshold: SYNC_UP_TO,
    // Request bodies stay as they were: no client sends them encoded, and inflating them is work an attacker chooses.
    globalDecompression: false,
    zlib,
  });
}
