import { createHash } from 'node:crypto';
import type { Db } from '@rope/db/client';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_RETRY_AFTER_SECONDS,
  IDEMPOTENT_REPLAY_HEADER,
  isIdempotencyKey,
} from '@rope/domain/idempotency/rules';
import { message } from '@rope/domain/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';
import { claimKey, type KeyRef, keepAnswer, releaseKey } from './store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this write runs under, when the caller named one (http/idempotency). */
    idempotency?: KeyRef;
  }
}

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What was asked, by the route (not the address: /api/v1/x is /api/x), its parameters, query and body. */
export function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([request.method, request.routeOptions.url, request.params, request.query]));
  const body: unknown = request.body;
  // A file's bytes as they are (an XML import of megabytes); an upload's parts are read by the verb, not here.
  if (typeof body === 'string' || Buffer.isBuffer(body)) hash.update(body);
  else hash.update(JSON.stringify(body ?? null));
  return hash.digest('hex');
}

/** The key a request names: absent, or one usable key (a key sent twice in one request is not). */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header === 'string' && isIdempotencyKey(header)) return header;
  throw new AppError('VALIDATION', message('app.errors.idempotencyKeyInvalid', { max: IDEMPOTENCY_KEY_MAX_LENGTH }));
}

/**
 * Writes named with an `Idempotency-Key` header by a signed-in caller are done once per caller and key: the key is
 * taken before the verb runs (after the input was checked, so a refused body never holds it), and the first answer
 * of 2xx is kept; a resend answers it again (`Idempotent-Replayed: true`), the same key with another request 422,
 * and one while the first still runs 409 with Retry-After. A refusal or failure gives the key back: it changed
 * nothing. A verb that keeps its answer in its own transaction (keepAnswerWithWrite) leaves no moment in which the
 * write is committed and the key still open.
 */
export function registerIdempotency(app: FastifyInstance, db: Db) {
  app.addHook('preHandler', async (request, reply) => {
    if (!WRITES.has(request.method) || !request.url.startsWith('/api/')) return;
    const key = keyOf(request);
    const userId = request.auth?.actor?.userId;
    if (key === undefined || userId === undefined) return;
    const ref = { userId, key };
    const claim = await claimKey(db, ref, fingerprintOf(request));
    if (claim.kind === 'claimed') {
      request.idempotency = ref;
      return;
    }
    if (claim.kind === 'reused') throw new AppError('RULE_VIOLATION', message('app.errors.idempotencyKeyReused'));
    if (claim.kind === 'running') {
      const seconds = IDEMPOTENCY_RETRY_AFTER_SECONDS;
      throw new AppError('CONFLICT', message('app.errors.idempotencyKeyInProgress', { seconds }), undefined, {
        'retry-after': String(seconds),
      });
    }
    reply.code(claim.statusCode).header(IDEMPOTENT_REPLAY_HEADER, 'true');
    if (claim.contentType) reply.header('content-type', claim.contentType);
    return reply.send(claim.answer ?? '');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const ref = request.idempotency;
    if (!ref) return payload;
    request.idempotency = undefined;
    const status = reply.statusCode;
    if (status < 200 || status >= 300) {
      await releaseKey(db, ref);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await keepAnswer(db, ref, {
      statusCode: status,
      contentType: typeof contentType === 'string' ? contentType : null,
      answer: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null,
    });
    return payload;
  });
}

/**
 * Keeps a verb's answer under the request's key in the write's own transaction, so that the write and its answer
 * commit together: a process that dies after the commit leaves the answer, never an open key that a resend would
 * take and write again. Without a key it does nothing.
 */
export async function keepAnswerWithWrite(tx: Db, request: FastifyRequest | undefined, answer: unknown) {
  const ref = request?.idempotency;
  if (!ref) return;
  await keepAnswer(tx, ref, {
    statusCode: 200,
    contentType: 'application/json; charset=utf-8',
    answer: JSON.stringify(answer),
  });
}
