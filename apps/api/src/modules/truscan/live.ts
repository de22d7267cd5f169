import { message } from '@rope/domain/messages';
import type { TruscanStateAnswer } from '@rope/domain/truscan/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope } from '../ropes/index.ts';
import { loadTruscanState, truscanTopic } from './state.ts';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;

const acceptsEventStream = (request: FastifyRequest) =>
  (request.headers.accept ?? '').toLowerCase().includes('text/event-stream');

const frame = (data: unknown) => `event: truscan\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The TRUscan panel's live feed (Server-Sent Events): the state at once, then every change while the page is open.
 * A browser reconnects on its own after a drop and gets the whole state again, so nothing missed stays missed.
 */
export async function streamTruscanState(
  { ctx, actor, input }: ActionArgs<{ ropeId: number }>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  assertCan(actor, 'DOMAIN_READ');
  const { rope } = await findRope(ctx, actor, input.ropeId);
  // A stream never ends: only a client that asks for one (EventSource does) gets it, anyone else a clear answer.
  if (!acceptsEventStream(request)) throw new AppError('NOT_ACCEPTABLE', message('app.errors.eventStreamOnly'));
  // Listening starts before the state is read: a change made while the stream opens is in the state read or arrives
  // as a frame, never lost between the two. A frame that comes before the first one is sent only says "read again".
  const raw = reply.raw;
  let opened = false;
  let changedWhileOpening = false;
  const stop = await ctx.live.subscribe(truscanTopic(rope.id), (state) => {
    if (!opened) changedWhileOpening = true;
    else if (!raw.writableEnded) raw.write(frame(state));
  });
  let initial: TruscanStateAnswer;
  try {
    initial = await loadTruscanState(ctx.db, rope.id);
  } catch (error) {
    await stop();
    throw error;
  }
  reply.hijack();
  let heartbeat: NodeJS.Timeout | undefined;
  const close = () => {
    clearInterval(heartbeat);
    void stop();
    if (!raw.writableEnded) raw.end();
  };
  raw.on('close', close);
  raw.on('error', close);
  // A browser gone while the state was read closed its socket before anyone listened for it.
  if (raw.socket === null || raw.socket.destroyed) {
    close();
    return;
  }
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise hold the events back in a buffer.
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n\n');
  raw.write(frame(initial));
  opened = true;
  heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  if (!changedWhileOpening) return;
  try {
    const current = await loadTruscanState(ctx.db, rope.id);
    if (!raw.writableEnded) raw.write(frame(current));
  } catch (error) {
    request.log.warn({ err: error }, 'the TRUscan stream could not read the state again; the browser reconnects');
    close();
  }
}
