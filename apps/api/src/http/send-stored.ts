import { Readable } from 'node:stream';
import { type Message, message } from '@rope/domain/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStorageKey, type Storage } from '../infra/storage/types.ts';
import { AppError, notFound } from './app-error.ts';
import { resolveRange } from './byte-range.ts';
import { ifNoneMatchNames } from './etag.ts';

export interface SendStoredOptions {
  cacheControl: string;
  /** The 404's message when the object is gone. */
  missing: Message;
  /** Media types this download may serve; anything else stored under the key answers like a missing object. */
  types?: readonly string[];
}

/**
 * Streams a stored object with the headers of its stored metadata (type, length, ETag from its SHA-256) and
 * honours Range (206 with Content-Range, 416 when the range starts past the end), If-Range and If-None-Match (304).
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string | undefined,
  options: SendStoredOptions,
) {
  // A key stored before keys were checked (or by hand) answers like a missing file, never a 500.
  const object = key && isStorageKey(key) ? await storage.head(key) : undefined;
  if (!object || (options.types && !options.types.includes(object.type))) throw notFound(options.missing);
  const etag = `"${object.checksum}"`;
  reply.header('etag', etag).header('accept-ranges', 'bytes').header('cache-control', options.cacheControl);
  if (ifNoneMatchNames(request.headers['if-none-match'], etag)) return reply.status(304).send();
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? resolveRange(request.headers.range, object.size) : undefined;
  if (range?.kind === 'unsatisfiable')
    throw new AppError(
      'RANGE_NOT_SATISFIABLE',
      message('app.errors.rangeNotSatisfiable', { size: object.size }),
      undefined,
      { 'content-range': `bytes */${object.size}` },
    );
  reply.type(object.type);
  const slice = range?.kind === 'slice' ? range : undefined;
  if (slice)
    reply
      .status(206)
      .header('content-range', `bytes ${slice.start}-${slice.end}/${object.size}`)
      .header('content-length', slice.end - slice.start + 1);
  else reply.header('content-length', object.size);
  // HEAD (which Fastify answers with this GET handler) needs the headers only, so no body is opened; an empty
  // stream keeps the Content-Length above (Fastify's HEAD hook writes 0 when there is no payload at all).
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  const found = await storage.get(object.key, slice);
  if (!found) throw notFound(options.missing);
  return reply.send(found.body);
}
