import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A rest of the body this small is read and dropped, so the connection stays open for the client's next request. */
export const DRAIN_MAX_BYTES = 1024 * 1024;
/** After a `Connection: close` answer the client may still be sending: read and drop this much, this long, at most. */
export const LINGER_MAX_BYTES = 16 * 1024 * 1024;
export const LINGER_MAX_MS = 2000;

/** socket.bytesRead when the request began: what has arrived of the body since is the difference. */
const bytesReadAtStart = new WeakMap<IncomingMessage, number>();

/**
 * A request answered before its body was read to the end (an upload refused by its first bytes, a target the actor
 * cannot see, a 401 before a JSON body is parsed) would otherwise hold its connection: what reads the body (the
 * multipart parser) has stopped, so the client's next request on the connection is never read. Node dumps a body
 * only when nobody ever read from it, and then without a bound. Here, in one place for every route: a small rest is
 * read and dropped and the connection stays open; a large one, or one of unknown length, gets `Connection: close`,
 * and what still arrives is dropped for a short while before the socket closes, so the client reads the answer
 * instead of a reset.
 */
export function registerUnreadBodyGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (request.raw.socket) bytesReadAtStart.set(request.raw, request.raw.socket.bytesRead);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    settleUnreadBody(request, (name, value) => reply.header(name, value));
    return payload;
  });
}

function settleUnreadBody(request: FastifyRequest, setHeader: (name: string, value: string) => void) {
  const raw = request.raw;
  const socket = raw.socket as Socket | null;
  if (!socket || socket.destroyed || raw.destroyed || raw.readableEnded) return;
  if (raw.complete && raw.readableLength === 0) return;
  const remaining = raw.complete ? 0 : remainingBytes(raw, socket);
  // Whoever was reading (the multipart parser, a body reader that gave up at its limit) lets go; the rest is dropped.
  raw.unpipe();
  raw.removeAllListeners('data');
  let dropped = 0;
  if (remaining <= DRAIN_MAX_BYTES) {
    raw.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      // A client sending more than it declared is not worth the connection.
      if (dropped > DRAIN_MAX_BYTES + 64 * 1024) socket.destroy();
    });
    raw.resume();
    return;
  }
  setHeader('connection', 'close');
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_MAX_BYTES) socket.destroy();
  });
  raw.resume();
  lingerOnClose(socket);
}

/** What the client still has to send by its Content-Length; Infinity when it declared none (chunked). */
function remainingBytes(raw: IncomingMessage, socket: Socket): number {
  const declared = Number(raw.headers['content-length']);
  if (!Number.isSafeInteger(declared) || declared < 0) return Number.POSITIVE_INFINITY;
  const arrived = socket.bytesRead - (bytesReadAtStart.get(raw) ?? socket.bytesRead);
  return Math.max(0, declared - arrived);
}

/**
 * Node closes the socket as soon as a `Connection: close` answer is written; closing it with unread bytes sends a
 * reset, which may cost the client the answer. Instead the answer ends the sending side, and the socket closes
 * when the client has finished (or after LINGER_MAX_MS).
 */
function lingerOnClose(socket: Socket) {
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MAX_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
  };
}
